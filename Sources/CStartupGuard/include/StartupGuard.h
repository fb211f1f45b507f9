// StartupGuard: a last word if SDL crashes while it starts its video driver. A fault inside
// SDL_Init (a compositor or X server SDL does not expect) otherwise ends Fling with no
// sentence of its own; while armed, a fatal signal first prints `note` to stderr, then
// ends the process as the signal would.
#ifndef FLING_STARTUP_GUARD_H
#define FLING_STARTUP_GUARD_H

/// Arms the handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT with `note` (copied).
void fling_startup_guard_arm(const char *note);
/// Puts back the handlers that were there before.
void fling_startup_guard_disarm(void);

#endif
