// The Today peer for Fling's window bench (docs/performance.md): Qt Quick drawing App Store
// "Today" cards as Fling's Today scene does (a photo over a white panel with the category, the
// headline and the sub-headline, 20 pt corners, two columns on a wide window) and a card that
// grows to the whole window with a spring when tapped and shrinks back on Escape, its story
// text below the photo. Run with Qt's software renderer, as a GPU-less kiosk would:
//   QT_QUICK_BACKEND=software qml6 bench/peer/today.qml -- RESOURCES_DIR WIDTH HEIGHT
// (scripts/window-bench.py qml --scenario card-expand runs it at the bench's sizes.)
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
    property var articles: []
    // Fling's layout: one column up to 700 pt wide, two beyond; 20 pt margins and gaps.
    property int columns: width >= 700 ? 2 : 1
    property real cardWidth: (width - 20 * (columns + 1)) / columns
    property real cardHeight: 500
    property real photoHeight: cardHeight * 0.7

    Component.onCompleted: {
        var xhr = new XMLHttpRequest()
        xhr.open("GET", "file://" + resources + "/articles.json", false)
        xhr.send()
        articles = JSON.parse(xhr.responseText)
    }

    Flickable {
        id: list
        anchors.fill: parent
        anchors.bottomMargin: 83
        contentHeight: 117 + Math.ceil(root.articles.length / root.columns) * (root.cardHeight + 40)
        interactive: expanded.index < 0
        Text { x: 20; y: 20; text: "SUNDAY, NOV 22"; font.pixelSize: 13; color: "#8e8e93" }
        Text { x: 20; y: 38; text: "Today"; font.pixelSize: 34; font.bold: true }
        Repeater {
            model: root.articles
            delegate: Item {
                x: 20 + (index % root.columns) * (root.cardWidth + 20)
                y: 117 + Math.floor(index / root.columns) * (root.cardHeight + 40)
                width: root.cardWidth; height: root.cardHeight
                Rectangle { anchors.fill: parent; anchors.margins: -1; radius: 21; color: "#20000000" }
                Rectangle {
                    anchors.fill: parent; radius: 20; color: "white"; clip: true
                    Image { width: parent.width; height: root.photoHeight; fillMode: Image.PreserveAspectCrop
                            source: "file://" + root.resources + "/images/" + modelData.image
                            sourceSize.width: root.cardWidth }
                    Column {
                        x: 16; y: root.photoHeight + 16; width: parent.width - 32; spacing: 4
                        Text { text: modelData.category.toUpperCase(); font.pixelSize: 13; font.bold: true; color: "#8e8e93" }
                        Text { text: modelData.headline; font.pixelSize: 24; font.bold: true; width: parent.width; elide: Text.ElideRight }
                        Text { text: modelData.subHeadline; font.pixelSize: 15; color: "#8e8e93"; width: parent.width; wrapMode: Text.WordWrap; maximumLineCount: 2 }
                    }
                }
                MouseArea { anchors.fill: parent; onClicked: expanded.open(index, parent) }
            }
        }
    }

    Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 83; color: "#f9f9f9"
        Rectangle { width: parent.width; height: 1; color: "#c6c6c8" } }

    // The expanded card: a rectangle whose frame springs from the cell to the window and back.
    Rectangle {
        id: expanded
        property int index: -1
        property real progress: 0
        property rect from: Qt.rect(0, 0, 0, 0)
        visible: index >= 0
        focus: true
        x: from.x * (1 - progress)
        y: from.y * (1 - progress)
        width: from.width + (root.width - from.width) * progress
        height: from.height + (root.height - from.height) * progress
        radius: 20 * (1 - progress)
        clip: true
        color: "white"
        Behavior on progress { SpringAnimation { spring: 3.5; damping: 0.3; epsilon: 0.001 } }
        onProgressChanged: if (progress <= 0.001 && closing) { index = -1; closing = false }
        property bool closing: false
        function open(i, cell) {
            var p = cell.mapToItem(root.contentItem, 0, 0)
            from = Qt.rect(p.x, p.y, cell.width, cell.height)
            index = i; closing = false; progress = 1; forceActiveFocus()
        }
        Keys.onEscapePressed: { closing = true; progress = 0 }
        Image { width: parent.width; height: root.photoHeight + (root.height * 0.55 - root.photoHeight) * expanded.progress
                fillMode: Image.PreserveAspectCrop
                source: expanded.index >= 0 ? "file://" + root.resources + "/images/" + root.articles[expanded.index].image : ""
                sourceSize.width: root.width }
        Column {
            x: 16; y: root.photoHeight + (root.height * 0.55 - root.photoHeight) * expanded.progress + 16
            width: parent.width - 32; spacing: 8
            Text { text: expanded.index >= 0 ? root.articles[expanded.index].headline : ""; font.pixelSize: 24; font.bold: true }
            Text { width: parent.width; wrapMode: Text.WordWrap; font.pixelSize: 17; color: "#3c3c43"
                   text: expanded.index >= 0 ? root.articles[expanded.index].content : "" }
        }
    }
}
