/* rusage.c: run one command and write its wall time and peak memory.
 *
 *   usage: rusage OUTFILE COMMAND [ARG...]
 *
 * Compiled on the fly by test/bench/benchlib.py.  Python cannot measure a
 * child's peak memory itself: a process started by Python's vfork (or
 * fork) inherits, at exec, the high-water mark of Python's own memory, so
 * every small program would show Python's 10-15 MB.  This helper is small,
 * and the child it forks starts from its small image, so the kernel's
 * accounting (wait4's ru_maxrss) is the program's own.  OUTFILE gets one
 * line "WALL_SECONDS MAXRSS_KB SIGNAL CPU_SECONDS" (SIGNAL is 0 unless a
 * signal killed the command; CPU is its user plus system time); the exit
 * status is the command's (128+N when signal N killed it, 127 when it
 * could not be started). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: rusage OUTFILE COMMAND [ARG...]\n");
        return 2;
    }
    double start = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("rusage: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR) {
            perror("rusage: wait4");
            return 127;
        }
    double wall = now() - start;
    FILE *f = fopen(argv[1], "w");
    if (f) {
        double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
                     + (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
        fprintf(f, "%.6f %ld %d %.6f\n", wall, ru.ru_maxrss, WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu);
        fclose(f);
    }
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
