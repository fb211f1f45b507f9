#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings on a private session bus, for the accessibility
check: it says GNOME's animations are off and the text scaling factor is 1.25, as a desktop
with Reduce Motion and larger text would. Read answers v(v) as the real portal does."""
from gi.repository import Gio, GLib

XML = """<node><interface name='org.freedesktop.portal.Settings'>
<method name='Read'><arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='v' direction='out'/></method>
</interface></node>"""
VALUES = {("org.gnome.desktop.interface", "enable-animations"): GLib.Variant("b", False),
          ("org.gnome.desktop.interface", "text-scaling-factor"): GLib.Variant("d", 1.25)}


def call(conn, sender, path, interface, method, params, invocation):
    value = VALUES.get(tuple(params.unpack()))
    if value is None:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
    else:
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.register_object("/org/freedesktop/portal/desktop", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], call, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, None, None)
GLib.MainLoop().run()
