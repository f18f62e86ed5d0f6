"""serve_load.py: a bounded load test of pnpkit serve on 127.0.0.1.

8 clients send a fixed number of mixed requests (SVG previews of circle36
variants, scores, bad requests, oversize bodies) over keep-alive connections;
every answer is checked against what the command line gives (the same SVG bytes,
the same score JSON, the same error message), any status other than the
expected one fails, and the server's resident memory after the run must stay
within 1.2x of what it was after the warm-up. With --bench it also measures the
warm preview and score latencies and the preview throughput with two clients,
each beside the command line's figure for the same job (--quick: a few
samples only, a check that the measurement works).
Everything stops by itself: a fixed request count and a deadline.

usage: python3 serve_load.py PNPKIT URL SERVER_PID SRC_DIR [--requests N] [--bench [--quick]]
"""
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

PNPKIT, URL, PID, SRC = sys.argv[1:5]
args = sys.argv[5:]
REQUESTS = int(args[args.index("--requests") + 1]) if "--requests" in args else 400
BENCH = "--bench" in args
QUICK = "--quick" in args
CLIENTS = 8
DEADLINE_S = 120 if not BENCH else 600
host, port = URL.split("//")[1].strip("/").split(":")
port = int(port)
assert host == "127.0.0.1", "only 127.0.0.1 is ever a target"


def cli(*a):
    return subprocess.run([PNPKIT, *a], capture_output=True)


def cpu_ms():
    """The server's CPU time so far (user + system), in ms."""
    with open("/proc/%s/stat" % PID) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def rss_kb():
    with open("/proc/%s/status" % PID) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# ---- the expected answers, from the command line ----
sheet = open(os.path.join(SRC, "tests/data/circle36-perfect.yaml")).read()
sheet45 = open(os.path.join(SRC, "tests/data/circle36-last-roll-45.yaml")).read()
previews = []
for rings, sectors in ((3, 8), (4, 8), (4, 12), (5, 10), (2, 6)):
    want = cli("render", "circle36", "--set", "rings=%d" % rings, "--set", "sectors=%d" % sectors,
               "-f", "svg", "-o", "-").stdout
    previews.append(({"template": "circle36", "format": "svg",
                      "set": {"rings": rings, "sectors": sectors}}, want))
scores = []
for text in (sheet, sheet45):
    p = subprocess.run([PNPKIT, "score", "circle36", "-", "--json"], input=text.encode(), capture_output=True)
    scores.append(({"game": "circle36", "sheet": text}, b"[" + p.stdout.strip() + b"]\n"))
bad_rings = cli("render", "circle36", "--set", "rings=9", "-o", "/dev/null").stderr.decode().strip()
bads = [({"template": "circle36", "set": {"rings": 9}, "format": "svg"}, bad_rings),
        ({"template": "circle36", "pages": 0}, "--pages takes a number from 1 to 100, not 0")]

# the mix: kind, body, expected
MIX = []
for i in range(20):
    if i % 20 == 19:
        MIX.append(("big", None, 413))
    elif i % 5 == 4:
        MIX.append(("bad", bads[i % 2], 400))
    elif i % 5 == 3:
        MIX.append(("score", scores[i % 2], 200))
    else:
        MIX.append(("preview", previews[i % len(previews)], 200))


class Client:
    def __init__(self):
        self.conn = None

    def post(self, path, body):
        data = json.dumps(body).encode()
        for attempt in (0, 1):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(host, port, timeout=30)
                t0 = time.perf_counter()
                self.conn.request("POST", path, data, {"Content-Type": "application/json"})
                r = self.conn.getresponse()
                out = r.read()
                return r.status, out, time.perf_counter() - t0
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise RuntimeError("unreachable")


def oversize():
    """Headers announcing a body over the limit: the answer comes before the body."""
    s = socket.create_connection((host, port), timeout=10)
    try:
        s.sendall(b"POST /api/render HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 2000000\r\n\r\n" % port)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
        return status
    finally:
        s.close()


errors = []
lock = threading.Lock()
done = [0]
lat = {"preview": [], "score": []}


def check(kind, item, expected, status, body):
    if status != expected:
        return "%s: status %d, expected %d: %r" % (kind, status, expected, body[:200])
    if kind in ("preview", "score") and body != item[1]:
        return "%s: answer differs from the command line's (%d bytes vs %d)" % (kind, len(body), len(item[1]))
    if kind == "bad" and json.loads(body).get("error") != item[1]:
        return "bad: message %r, expected %r" % (json.loads(body).get("error"), item[1])
    return None


def run_client(n, offset, deadline):
    c = Client()
    for k in range(n):
        if time.time() > deadline:
            with lock:
                errors.append("deadline passed")
            return
        kind, item, expected = MIX[(offset + k) % len(MIX)]
        try:
            if kind == "big":
                status, body, dt = oversize(), b"", 0
            else:
                status, body, dt = c.post("/api/score" if kind == "score" else "/api/render", item[0])
        except Exception as e:  # a dropped connection is a failure, not a crash of the test
            with lock:
                errors.append("%s: %r" % (kind, e))
            continue
        msg = check(kind, item, expected, status, body)
        with lock:
            done[0] += 1
            if kind in lat:
                lat[kind].append(dt)
            if msg and len(errors) < 20:
                errors.append(msg)


def run(total, clients):
    deadline = time.time() + DEADLINE_S
    per = total // clients
    threads = [threading.Thread(target=run_client, args=(per, i * 7, deadline)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - t0


# ---- warm-up: every kind, from all clients ----
run(16 * CLIENTS, CLIENTS)
warm_rss = rss_kb()
done[0] = 0
lat = {"preview": [], "score": []}
elapsed = run(REQUESTS, CLIENTS)
end_rss = rss_kb()
ok = not errors
print("load: %d requests from %d clients in %.1f s, %d answered and checked, %d problems"
      % (REQUESTS, CLIENTS, elapsed, done[0], len(errors)))
for e in errors[:20]:
    print("FAIL:", e)
ratio = end_rss / warm_rss if warm_rss else 0
print("memory: %d KB after warm-up, %d KB after the run (%.2fx, limit 1.2x)" % (warm_rss, end_rss, ratio))
if not warm_rss or ratio > 1.2:
    ok = False
    print("FAIL: memory grew")
try:
    os.kill(int(PID), 0)
except OSError:
    ok = False
    print("FAIL: the server is gone")

if BENCH:
    N_PREVIEW, N_SCORE, N_CLI, PUMP_S = (10, 20, 2, 1.0) if QUICK else (60, 200, 7, 5.0)
    c = Client()
    q36 = previews[0]
    for _ in range(5):
        c.post("/api/render", q36[0])
    times = []
    cpu0 = cpu_ms()
    for _ in range(N_PREVIEW):
        s, b, dt = c.post("/api/render", q36[0])
        if s != 200 or b != q36[1]:
            ok = False
        times.append(dt * 1000)
    cpu_preview = (cpu_ms() - cpu0) / N_PREVIEW
    med = statistics.median(times)
    # the command line for the same file: a process per preview
    preview_args = ["render", "circle36", "--set", "rings=3", "--set", "sectors=8", "-f", "svg", "-o", "-"]
    ctimes = []
    for _ in range(N_CLI):
        t0 = time.perf_counter()
        cli(*preview_args)
        ctimes.append((time.perf_counter() - t0) * 1000)
    print("bench: warm circle36 SVG preview: median %.1f ms (target < 25 ms) %s; pnpkit render, a process each: %.1f ms"
          % (med, "PASS" if med < 25 else "FAIL", statistics.median(ctimes)))
    print("bench: server CPU time per preview: %.1f ms (two idle cores would serve about %.0f a second)"
          % (cpu_preview, 2000 / cpu_preview if cpu_preview > 0 else 0))

    # throughput with two clients, and with two pnpkit render processes at a time
    def pump(stop, count, one):
        while time.perf_counter() < stop:
            if one():
                with lock:
                    count[0] += 1

    def rate_of(make_one):
        count = [0]
        stop = time.perf_counter() + PUMP_S
        ts = [threading.Thread(target=pump, args=(stop, count, make_one())) for _ in range(2)]
        t0 = time.perf_counter()
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return count[0] / (time.perf_counter() - t0)

    def served():
        cc = Client()
        return lambda: cc.post("/api/render", q36[0])[:2] == (200, q36[1])

    def spawned():
        return lambda: cli(*preview_args).stdout == q36[1]

    rate = rate_of(served)
    crate = rate_of(spawned)
    print("bench: previews per second, two clients: %.1f (target >= 60) %s; pnpkit render, two processes at a time: %.1f/s"
          % (rate, "PASS" if rate >= 60 else "FAIL", crate))
    stimes = []
    cpu0 = cpu_ms()
    for _ in range(N_SCORE):
        s, b, dt = c.post("/api/score", scores[0][0])
        if s != 200 or b != scores[0][1]:
            ok = False
        stimes.append(dt * 1000)
    smed = statistics.median(stimes)
    cpu_score = (cpu_ms() - cpu0) / N_SCORE
    ctimes = []
    for _ in range(N_CLI):
        t0 = time.perf_counter()
        subprocess.run([PNPKIT, "score", "circle36", "-", "--json"], input=sheet.encode(), capture_output=True)
        ctimes.append((time.perf_counter() - t0) * 1000)
    print("bench: score one sheet: median %.2f ms (target < 2 ms) %s; pnpkit score, a process each: %.1f ms"
          % (smed, "PASS" if smed < 2 else "FAIL", statistics.median(ctimes)))
    print("bench: server CPU time per score: %.2f ms" % cpu_score)
    with open("/proc/loadavg") as f:
        print("bench: load average %s" % " ".join(f.read().split()[:3]))

print("load test %s" % ("passed" if ok else "FAILED"))
sys.exit(0 if ok else 1)
