/* A slow disk for one process: fdatasync and fsync sleep SLOW_SYNC_USEC microseconds (default 500000) before
 * doing their work. Built by the test that needs it (tests/support/slow_disk.py) and loaded with LD_PRELOAD. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static void slow(void) {
    const char *text = getenv("SLOW_SYNC_USEC");
    usleep(text ? (useconds_t)strtoul(text, NULL, 10) : 500000);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow();
    return real(fd);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow();
    return real(fd);
}
