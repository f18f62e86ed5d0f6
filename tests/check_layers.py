#!/usr/bin/env python3
"""check_layers.py: holds the #include edges between source folders against the
list in src/LAYERS. Fails, naming file and line, on an include whose folder edge
is not listed, on a malformed line of the list, and on a cycle in the list.
Usage: check_layers.py SOURCE_DIR [LAYERS_FILE]"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
EDGE = re.compile(r'^\s*([A-Za-z0-9_]+)\s*->\s*([A-Za-z0-9_]+)\s*$')


def read_list(path):
    edges, errors = {}, []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            m = EDGE.match(text)
            if not m:
                errors.append(f"{path}:{n}: expected 'from -> to', got '{text}'")
                continue
            edges.setdefault(m.group(1), {})[m.group(2)] = n
    return edges, errors


def find_cycle(edges):
    """Returns one cycle of the graph as a list of folders, or None."""
    state = {}

    def visit(node, trail):
        state[node] = 1
        trail.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, trail)
                if found:
                    return found
        trail.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return None


def sources(src):
    for top in ("src", "include"):
        for root, dirs, files in os.walk(os.path.join(src, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".c", ".h")):
                    yield os.path.join(root, name)


def folder_of(src, path):
    rel = os.path.relpath(path, src).split(os.sep)
    return "include" if rel[0] == "include" else rel[1]


def target_of(src, header, here):
    if "/" in header:
        return header.split("/", 1)[0]
    if os.path.exists(os.path.join(src, "include", header)):
        return "include"
    return here


def main():
    src = sys.argv[1]
    layers = sys.argv[2] if len(sys.argv) > 2 else os.path.join(src, "src", "LAYERS")
    edges, errors = read_list(layers)
    cycle = find_cycle(edges)
    if cycle:
        errors.append(f"{layers}: the list holds a cycle: {' -> '.join(cycle)}")
    checked = 0
    for path in sources(src):
        here = folder_of(src, path)
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                there = target_of(src, m.group(1), here)
                checked += 1
                if there != here and there not in edges.get(here, {}):
                    rel = os.path.relpath(path, src)
                    errors.append(f'{rel}:{n}: #include "{m.group(1)}": '
                                  f"{here} -> {there} is not in src/LAYERS")
    for e in errors:
        print(e, file=sys.stderr)
    if checked == 0:
        print("no includes found: wrong source directory?", file=sys.stderr)
        return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
