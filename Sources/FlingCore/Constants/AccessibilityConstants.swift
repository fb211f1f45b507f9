// AccessibilityConstants: the numbers of screen-reader support: how long Fling waits
// on the accessibility bus, how often a moving tree is read again, how many announcements wait.

public enum AccessibilityConstants {
    /// A call to the session bus, the bus launcher or the registry (ms): they answer in about
    /// a millisecond; a bus that hangs costs the loop no more than this.
    public static let callTimeout: Int32 = 500
    /// Socket.Embed (ms): the registry may be starting (D-Bus activation) when Fling joins.
    public static let embedTimeout: Int32 = 2000
    /// While something moves, the tree is read again at most this often (s): a screen reader
    /// hears where things come to rest, not every frame of a spring (GTK and Qt send no
    /// per-frame geometry either).
    public static let movingTreeInterval = 0.25
    /// Announcements kept while nobody takes them (no screen reader): the latest few.
    public static let announcementsKept = 4
}
