/* bench_time.c: runs a command several times and prints its median wall time and
 * its peak memory, for the benchmark script.
 *
 *   bench-time [-n RUNS] [-w WARMUP] [-i STDIN] [-o STDOUT] -- COMMAND [ARGS...]
 *
 * Every run is a fresh process (fork + exec), so start-up is included. Prints one
 * line: "median_ms min_ms max_ms maxrss_kb status cpu_ms", wall times, then the
 * largest resident set of any timed run (getrusage of the child, via wait4),
 * the exit status of the last run (a signal number + 128) and the median CPU
 * time (user + system, all threads), which other load disturbs less. Standard
 * error of the command goes to our standard error; its standard output goes to
 * STDOUT (default /dev/null). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BENCH_MAX_RUNS 1000

static double bench_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* One run: returns the exit status (or 128 + signal); fills wall and CPU time
 * and peak RSS. */
static int bench_run(char **argv, const char *in, const char *out, double *ms, double *cpu_ms,
                     long *rss_kb)
{
    double t0 = bench_now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        perror("bench-time: fork");
        exit(3);
    }
    if (pid == 0) {
        int fi = open(in ? in : "/dev/null", O_RDONLY);
        int fo = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fi < 0 || fo < 0 || dup2(fi, 0) < 0 || dup2(fo, 1) < 0) _exit(126);
        close(fi);
        close(fo);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    struct rusage ru;
    while (wait4(pid, &st, 0, &ru) < 0)
        if (errno != EINTR) {
            perror("bench-time: wait4");
            exit(3);
        }
    *ms = bench_now_ms() - t0;
    *cpu_ms = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
              (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    *rss_kb = ru.ru_maxrss;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Sorts v and returns its median. */
static double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], bench_cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void bench_usage(void)
{
    fputs("usage: bench-time [-n RUNS] [-w WARMUP] [-i STDIN] [-o STDOUT] -- COMMAND...\n", stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    int runs = 5, warm = 1;
    const char *in = NULL, *out = NULL;
    int c;
    while ((c = getopt(argc, argv, "+n:w:i:o:")) != -1) {
        switch (c) {
        case 'n':
            runs = atoi(optarg);
            break;
        case 'w':
            warm = atoi(optarg);
            break;
        case 'i':
            in = optarg;
            break;
        case 'o':
            out = optarg;
            break;
        default:
            bench_usage();
        }
    }
    if (optind >= argc || runs < 1 || runs > BENCH_MAX_RUNS || warm < 0 || warm > BENCH_MAX_RUNS)
        bench_usage();
    char **cmd = argv + optind;
    double ms[BENCH_MAX_RUNS], cpu[BENCH_MAX_RUNS];
    long rss = 0, r;
    int status = 0;
    for (int i = 0; i < warm && status == 0; i++)
        status = bench_run(cmd, in, out, &ms[0], &cpu[0], &r);
    for (int i = 0; i < runs && status == 0; i++) {
        status = bench_run(cmd, in, out, &ms[i], &cpu[i], &r);
        if (r > rss) rss = r;
    }
    if (status != 0) {
        printf("0 0 0 0 %d 0\n", status);
        return 0;
    }
    double median = bench_median(ms, runs), cpu_median = bench_median(cpu, runs);
    printf("%.2f %.2f %.2f %ld %d %.2f\n", median, ms[0], ms[runs - 1], rss, status, cpu_median);
    return 0;
}
