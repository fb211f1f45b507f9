// X11Clipboard: the CLIPBOARD selection's text, read on a connection of its own with the INCR
// protocol that SDL 2 lacks (SDL reads a clipboard larger than one X request, e.g. 20 MB
// copied from an editor, as empty), and only up to a byte limit.
#ifndef FLING_X11_CLIPBOARD_H
#define FLING_X11_CLIPBOARD_H
#include <stddef.h>

/// The clipboard's UTF-8 text, malloc'd and NUL-terminated, at most `limit` bytes (`*cut` set
/// when there was more: the rest is not read), or NULL when no X server answers, nothing owns
/// the clipboard, it has no text, or its owner does not answer within 2 s a step (a
/// transfer in parts ends within 5 s in all: what came by then is returned).
/// `display_name` NULL: $DISPLAY. Free the text with free().
char *fling_x11_clipboard_text(const char *display_name, size_t limit, int *cut);

/// The window that owns the clipboard now (0: none, or no X server): the app's own copy is
/// read through SDL, which serves it without a round trip through the X server.
unsigned long fling_x11_clipboard_owner(const char *display_name);

#endif
