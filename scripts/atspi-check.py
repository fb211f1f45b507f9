#!/usr/bin/python3
"""The AT-SPI check's client: finds Fling on the accessibility bus, walks its tree and drives it
as a screen reader would (pyatspi, Debian's python3-pyatspi). Run by scripts/atspi-check.sh in
a private session; prints what it checked, exits 1 at the first failure."""
import sys
import time

import pyatspi
from gi.repository import GLib

START = time.monotonic()
events = []


def log(msg):
    print(f"atspi-check: {time.monotonic() - START:5.2f} s  {msg}", flush=True)


def fail(msg):
    log("FAIL: " + msg)
    sys.exit(1)


def pump(seconds):
    """Runs the main loop for a while, so events arrive (pyatspi delivers them from it)."""
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while ctx.pending():
            ctx.iteration(False)
        time.sleep(0.01)


def wait_for(what, test, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump(0.05)
        try:
            v = test()
        except Exception:   # an object that went away mid-walk: ask again
            v = None
        if v:
            return v
    fail(f"timed out waiting for {what}")


def on_event(e):
    try:
        name = e.source.name if e.source else ""
    except Exception:
        name = "?"
    events.append((e.type, name, e.detail1, e.any_data))


for kind in ["object:state-changed:focused", "object:state-changed:showing", "object:announcement",
             "object:property-change:accessible-name", "object:text-changed", "object:children-changed"]:
    pyatspi.Registry.registerEventListener(on_event, kind)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == "Fling":
            return app
    return None


def walk(acc, depth=0, out=None):
    out = [] if out is None else out
    out.append((depth, acc))
    for child in acc:
        if child is not None:
            walk(child, depth + 1, out)
    return out


def find(root, role, name=None, prefix=None):
    for _, a in walk(root):
        if a.getRole() == role and (name is None or a.name == name) and (prefix is None or a.name.startswith(prefix)):
            return a
    return None


def action(acc, name):
    act = acc.queryAction()
    for i in range(act.nActions):
        if act.getName(i) == name:
            return act.doAction(i)
    fail(f"{acc.name!r} has no action {name!r}")


app = wait_for("Fling on the accessibility bus", find_app, timeout=20)
log(f"found the application: toolkit {app.toolkitName!r}, {app.childCount} window(s)")
window = app[0]
if window.getRole() != pyatspi.ROLE_FRAME:
    fail(f"the window's role is {window.getRoleName()}")
states = window.getState()
if not (states.contains(pyatspi.STATE_ACTIVE) and states.contains(pyatspi.STATE_SHOWING)):
    fail("the window is not an active, showing frame (Orca would not read its focus)")
log(f"window {window.name!r}: an active, showing frame")

tree = walk(window)
lst = find(window, pyatspi.ROLE_LIST, "Restaurants")
if lst is None:
    fail("no list named Restaurants")
rows = [a for a in lst if a.getRole() == pyatspi.ROLE_LIST_ITEM]
if len(rows) < 3:
    fail(f"the list shows {len(rows)} rows")
log(f"the list has {len(rows)} rows on screen; the first is {rows[0].name!r}")
if rows[0].name != "Kaffeehaus Lindner, Coffee & Tea Shop, Kirchengasse 21, 1070 Vienna, Austria":
    fail(f"the first row reads {rows[0].name!r}")
tabs = find(window, pyatspi.ROLE_PAGE_TAB_LIST)
if tabs is None or [t.name for t in tabs] != ["Restaurants", "Today", "Two-Stage", "Form"]:
    fail("the tab bar is not a tab list of the four scenes")
x, y, w, h = rows[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
wx, wy, ww, wh = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
# At --scale 2 a 390 pt row is 780 px wide; with the text at 1.25x it is 94 pt (188 px) tall.
if (w, h) != (780, 188) or not (wx <= x and x + w <= wx + ww):
    fail(f"the first row's extents are {x},{y} {w}x{h} in a window at {wx},{wy} {ww}x{wh}")
log(f"first row on screen at {x},{y} {w}x{h} px (390 x 94 pt at --scale 2)")

# activate on a row: the sheet opens, a dialog whose grabber takes focus.
events.clear()
chosen = rows[1].name   # (the list leaves the tree while the sheet is up: read its name first)
action(rows[1], "activate")
dialog = wait_for("the sheet", lambda: find(window, pyatspi.ROLE_DIALOG, chosen.split(",")[0]))
grabber = find(dialog, pyatspi.ROLE_PUSH_BUTTON, "Sheet Grabber")
if grabber is None:
    fail("the sheet has no grabber button")
if not grabber.getState().contains(pyatspi.STATE_FOCUSED):
    fail("focus did not move into the sheet")
wait_for("a focus event from the grabber",
         lambda: any(t == "object:state-changed:focused" and n == "Sheet Grabber" and d == 1 for t, n, d, _ in events))
log(f"activate on {chosen!r}: the sheet opened ({dialog.description or dialog.name}), its grabber focused")
texts = [a.name for _, a in walk(dialog) if a.getRole() in (pyatspi.ROLE_LABEL, pyatspi.ROLE_HEADING)]
if chosen.split(",")[0] not in texts:
    fail(f"the sheet does not show the restaurant: {texts}")

# expand on the grabber: the sheet goes full and says so.
events.clear()
action(grabber, "expand")
wait_for("the full detent", lambda: find(window, pyatspi.ROLE_DIALOG).description == "full height")
wait_for("the detent announcement",
         lambda: any(t in ("object:announcement", "object:state-changed:showing") and "full height" in (n + str(a))
                     for t, n, _, a in events))
log("expand on the grabber: full height, announced \"Details, full height\"")

# dismiss: the sheet goes and focus comes back to the row.
events.clear()
action(find(window, pyatspi.ROLE_PUSH_BUTTON, "Sheet Grabber"), "dismiss")
wait_for("the sheet to go", lambda: find(window, pyatspi.ROLE_DIALOG) is None)
row = wait_for("the row focused again", lambda: next((r for r in find(window, pyatspi.ROLE_LIST, "Restaurants")
                                                       if r.getState().contains(pyatspi.STATE_FOCUSED)), None))
if row.name != chosen:
    fail(f"focus came back to {row.name!r}")
log(f"dismiss: the sheet closed, focus back on {row.name!r}")

# Another row's sheet is another dialog: nothing of the first one's is kept (names, states).
lst = find(window, pyatspi.ROLE_LIST, "Restaurants")
second = [a for a in lst if a.getRole() == pyatspi.ROLE_LIST_ITEM][2]
other = second.name
action(second, "activate")
dialog = wait_for("the second sheet", lambda: find(window, pyatspi.ROLE_DIALOG))
grabber = find(dialog, pyatspi.ROLE_PUSH_BUTTON, "Sheet Grabber")
if dialog.name != other.split(",")[0] or grabber.getState().contains(pyatspi.STATE_EXPANDED) or dialog.description != "half height":
    fail(f"the second sheet reads {dialog.name!r} ({dialog.description}), grabber expanded: {grabber.getState().contains(pyatspi.STATE_EXPANDED)}")
action(grabber, "dismiss")
wait_for("the second sheet to go", lambda: find(window, pyatspi.ROLE_DIALOG) is None)
log(f"a second sheet, for {other.split(',')[0]!r}, reads as its own")

# The Form: the tab's activate switches scenes; the slider's value and a field's text are set.
tabs = find(window, pyatspi.ROLE_PAGE_TAB_LIST)
action(find(tabs, pyatspi.ROLE_PAGE_TAB, "Form"), "activate")
slider = wait_for("the form's slider", lambda: find(app[0], pyatspi.ROLE_SLIDER))
value = slider.queryValue()
log(f"Form: slider {slider.name!r} {value.minimumValue}…{value.maximumValue}, now {value.currentValue}")
value.currentValue = 450
wait_for("the slider at 450", lambda: abs(find(app[0], pyatspi.ROLE_SLIDER).queryValue().currentValue - 450) < 0.01)
field = find(app[0], pyatspi.ROLE_TEXT, "First Name")
if field is None:
    fail("no field named First Name")
events.clear()
field.queryEditableText().setTextContents("Ada")
wait_for("the field to read Ada", lambda: find(app[0], pyatspi.ROLE_TEXT, "First Name").queryText().getText(0, -1) == "Ada")
wait_for("the title to greet Ada", lambda: find(app[0], pyatspi.ROLE_HEADING, prefix="Hello Ada"))
if not find(app[0], pyatspi.ROLE_TEXT, "First Name").getState().contains(pyatspi.STATE_FOCUSED):
    fail("the edited field does not have focus")
log("slider set to 450; 'Ada' typed into First Name with EditableText; the title greets her")
toggle = find(app[0], pyatspi.ROLE_TOGGLE_BUTTON, "Twitter Field")
action(toggle, "activate")
wait_for("the Twitter field", lambda: find(app[0], pyatspi.ROLE_TEXT, "Twitter"))
log("the switch's activate turned it on: the Twitter field appeared")
log(f"passed ({len(walk(app[0]))} elements in the last tree)")
