// libdbus for the AT-SPI bridge (Debian's libdbus-1-dev; SDL already links libdbus for IBus).
#include <dbus/dbus.h>
