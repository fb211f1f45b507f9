// StartupGuard: see include/StartupGuard.h.
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "StartupGuard.h"

static char note[1024];
static size_t note_length;
static const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
enum { signal_count = sizeof signals / sizeof signals[0] };
static struct sigaction previous[signal_count];
static int armed;

static void on_fatal(int sig) {
    // Only async-signal-safe calls: write, put back the handler that was there before (the
    // Swift runtime's crash report, or the default action), and raise the signal again.
    ssize_t ignored = write(STDERR_FILENO, note, note_length);
    (void)ignored;
    for (int i = 0; i < signal_count; i++) {
        if (signals[i] == sig) { sigaction(sig, &previous[i], NULL); break; }
    }
    raise(sig);
}

void fling_startup_guard_arm(const char *text) {
    size_t n = strlen(text);
    if (n > sizeof note - 2) n = sizeof note - 2;
    memcpy(note, text, n);
    note[n] = '\n';
    note_length = n + 1;
    struct sigaction a;
    memset(&a, 0, sizeof a);
    a.sa_handler = on_fatal;
    sigemptyset(&a.sa_mask);
    for (int i = 0; i < signal_count; i++) sigaction(signals[i], &a, &previous[i]);
    armed = 1;
}

void fling_startup_guard_disarm(void) {
    if (!armed) return;
    for (int i = 0; i < signal_count; i++) sigaction(signals[i], &previous[i], NULL);
    armed = 0;
}
