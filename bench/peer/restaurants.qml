// The peer for Fling's window bench (docs/presented-frames.md): Qt Quick drawing the same
// restaurant list (the same 20 photos as 48 pt rounded thumbnails, two lines of text each,
// hairlines) and a draggable bottom sheet over a dimmed list, as Fling's Restaurants scene does.
// Run with Qt's software renderer, as a GPU-less kiosk would:
//   QT_QUICK_BACKEND=software qml6 bench/peer/restaurants.qml -- RESOURCES_DIR
// (scripts/window-bench.py --peer runs it at the bench's sizes.) A tap on a row opens the sheet
// at half height; dragging anywhere on the sheet moves it, a release snaps to half or full.
import QtQuick
import QtQuick.Window

Window {
    id: root
    visible: true
    width: Number(Qt.application.arguments[Qt.application.arguments.length - 2] || 1080)
    height: Number(Qt.application.arguments[Qt.application.arguments.length - 1] || 1920)
    title: "Qt peer"
    color: "white"
    property string resources: Qt.application.arguments[Qt.application.arguments.length - 3]
    property var restaurants: []

    Component.onCompleted: {
        var xhr = new XMLHttpRequest()
        xhr.open("GET", "file://" + resources + "/restaurants.json", false)
        xhr.send()
        restaurants = JSON.parse(xhr.responseText)
    }

    ListView {
        id: list
        anchors.fill: parent
        anchors.bottomMargin: 83
        model: root.restaurants
        header: Text { text: "Restaurants"; font.pixelSize: 34; font.bold: true; leftPadding: 16; topPadding: 52; bottomPadding: 8 }
        delegate: Item {
            width: list.width
            height: 84
            Image {
                id: photo
                x: 16; y: 18; width: 48; height: 48
                source: "file://" + root.resources + "/images/" + modelData.image
                sourceSize.width: 96; sourceSize.height: 96
                fillMode: Image.PreserveAspectCrop
                asynchronous: false
            }
            Column {
                x: 76; y: 22; spacing: 2
                Text { text: modelData.name; font.pixelSize: 17; font.weight: Font.DemiBold }
                Text { text: modelData.type + " · " + modelData.location; font.pixelSize: 15; color: "#8e8e93"; width: list.width - 110; elide: Text.ElideRight }
            }
            Rectangle { x: 76; y: parent.height - 1; width: parent.width - 76; height: 1; color: "#d1d1d6" }
            MouseArea { anchors.fill: parent; onClicked: sheet.open(index) }
        }
    }

    Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 83; color: "#f9f9f9"
        Rectangle { width: parent.width; height: 1; color: "#c6c6c8" } }

    Rectangle {
        id: dim
        anchors.fill: parent
        color: "black"
        opacity: sheet.visible ? Math.max(0, 0.4 * (1 - (sheet.y - 50) / (root.height - 50))) : 0
        MouseArea { anchors.fill: parent; enabled: sheet.visible; onClicked: sheet.visible = false }
    }

    Rectangle {
        id: sheet
        visible: false
        width: root.width
        height: root.height
        radius: 10
        color: "white"
        y: root.height
        property int index: 0
        function open(i) { index = i; y = root.height / 2; visible = true }
        Rectangle { x: (parent.width - 36) / 2; y: 6; width: 36; height: 5; radius: 2.5; color: "#c7c7cc" }
        Image {
            x: 0; y: 20; width: parent.width; height: 260
            source: sheet.visible ? "file://" + root.resources + "/images/" + root.restaurants[sheet.index].image : ""
            sourceSize.width: root.width
            fillMode: Image.PreserveAspectCrop
        }
        Text { x: 16; y: 296; text: sheet.visible ? root.restaurants[sheet.index].name : ""; font.pixelSize: 28; font.bold: true }
        Text { x: 16; y: 340; width: parent.width - 32; wrapMode: Text.WordWrap; font.pixelSize: 17
               text: sheet.visible ? root.restaurants[sheet.index].description : "" }
        MouseArea {
            anchors.fill: parent
            property real startY: 0
            property real startTop: 0
            onPressed: function(m) { startY = m.y + sheet.y; startTop = sheet.y }
            onPositionChanged: function(m) { sheet.y = Math.max(50, startTop + (m.y + sheet.y) - startY) }
            onReleased: sheet.y = sheet.y < root.height * 0.35 ? 50 : root.height / 2
        }
    }
}
