// The Form peer for Fling's window bench (docs/performance.md): Qt Quick Controls' Basic style
// drawing what Fling's Form scene shows (a title, a switch and a slider under it, four labelled
// text fields in rounded containers), at the places Fling draws them (FRAMES_JSON), so that a caret blink, a
// slider step and a switch flip are driven at the same points in both. Run with Qt's software
// renderer:
//   QT_QUICK_BACKEND=software qml6 bench/peer/form.qml -- FRAMES_JSON RESOURCES_DIR WIDTH HEIGHT
// (scripts/window-bench.py qml --scenario caret-blink,slider-step,switch-flip runs it.)
import QtQuick
import QtQuick.Window
import QtQuick.Controls.Basic

Window {
    id: root
    visible: true
    width: Number(Qt.application.arguments[Qt.application.arguments.length - 2] || 1080)
    height: Number(Qt.application.arguments[Qt.application.arguments.length - 1] || 1920)
    title: "Qt peer"
    color: "#cccccc"
    // Where Fling's form draws each control at this size, in window pixels, from its state
    // dump (window-bench.py passes them): {"title", "toggle", "slider", "fields": [{"label",
    // "frame", "container"}]}, each frame [x, y, w, h].
    property var f: JSON.parse(Qt.application.arguments[Qt.application.arguments.length - 4])

    Rectangle { x: f.miniMap[0]; y: f.miniMap[1]; width: f.miniMap[2]; height: f.miniMap[3]; color: "#b3b3b3" }
    Text { x: f.title[0]; y: f.title[1]; width: f.title[2]; height: f.title[3]; horizontalAlignment: Text.AlignHCenter
           text: "Hello"; font.pixelSize: 28 * f.scale; font.bold: true }
    // The seed's switch adds a Twitter field to the second row; its slider sets that row's
    // width (360…540 pt), the fields sharing it with 8 pt between them, as Fling's HStack does.
    Switch { id: twitter; x: f.toggle[0]; y: f.toggle[1]; width: f.toggle[2]; height: f.toggle[3] }
    Slider { id: length; x: f.slider[0]; y: f.slider[1]; width: f.slider[2]; height: f.slider[3]; from: 360; to: 540 }
    property var rows: [
        {label: f.fields[0].label, frame: f.fields[0].frame, container: f.fields[0].container},
        {label: f.fields[1].label, frame: f.fields[1].frame, container: f.fields[1].container},
        {label: f.fields[2].label, frame: f.fields[2].frame, container: f.fields[2].container}]
    // A compact window (a phone) stacks every field, as Fling's CompactContentView does: the
    // second row's fields go one under the other, `length / 540` of the form's width each.
    property bool compact: f.fields[0].container[0] === f.fields[1].container[0]
    property real secondWidth: compact ? f.fields[0].container[2] * length.value / 540
                                       : (length.value * f.scale - (twitter.checked ? 8 * f.scale : 0)) / (twitter.checked ? 2 : 1)
    Repeater {
        model: 5
        delegate: Rectangle {
            id: box
            property var first: index < 3 ? root.rows[index] : null
            property var email: f.fields[3]
            visible: index < 4 || twitter.checked
            x: first ? first.container[0] : email.container[0] + (root.compact ? 0 : (index - 3) * (root.secondWidth + 8 * f.scale))
            y: first ? first.container[1] : email.container[1] + (root.compact ? (index - 3) * (email.container[3] + 8 * f.scale) : 0)
            width: first ? first.container[2] : root.secondWidth
            height: first ? first.container[3] : email.container[3]
            radius: 15 * f.scale; color: "#e6e6e6"
            Text { x: 15 * f.scale; y: 14 * f.scale; text: box.first ? box.first.label : (index == 3 ? "Email" : "Twitter"); font.pixelSize: 17 * f.scale }
            TextField { id: field; x: 15 * f.scale; y: (box.first ? box.first.frame[1] - box.first.container[1] : box.email.frame[1] - box.email.container[1])
                        width: box.width - 30 * f.scale; height: f.fields[0].frame[3]; font.pixelSize: 17 * f.scale }
            // The mini-map's copy of this container and its field, drawn from their geometry
            // as the seed's mini-map is drawn from their anchor preferences.
            Rectangle {
                parent: root.contentItem; visible: box.visible; color: "#999999"
                x: f.miniMap[0] + 5 * f.scale + (box.x - f.title[0]) * 0.35; y: f.miniMap[1] + 60 * f.scale + (box.y - f.title[1]) * 0.35
                width: box.width * 0.35; height: box.height * 0.35
                Rectangle { color: "#ff3b30"; x: 5 * f.scale; y: field.y * 0.35; width: field.width * 0.35; height: field.height * 0.35 }
            }
        }
    }
    Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 83; color: "#f9f9f9"
        Rectangle { width: parent.width; height: 1; color: "#c6c6c8" } }
}
