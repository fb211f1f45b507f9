/// Where a sheet can rest, by name (SwiftUI's `PresentationDetent`): `half`/`full` for the
/// tutorial and fluid policies (SwiftUI's medium and large), `expanded`/`full` for the
/// two-stage one, and for a set chosen with `--detents` a fraction ("0.3") or a height
/// ("300pt"); `dismissed` is off the bottom edge. The name is what the state dump, the
/// keyboard's Up/Down and the recordings use.
public struct SheetDetent: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let full = SheetDetent(rawValue: "full")
    public static let half = SheetDetent(rawValue: "half")
    public static let expanded = SheetDetent(rawValue: "expanded")
    public static let dismissed = SheetDetent(rawValue: "dismissed")
}

/// Which release policy drives a sheet (`--sheet-policy`).
public enum SheetPolicyKind: String, Sendable, CaseIterable {
    case fluid, tutorial
    case twoStage = "two-stage"

    /// The policy with the standard tuning.
    public var policy: any SheetPolicy { policy(tuning: .standard) }

    /// `detents`: the set chosen with `--detents`, which every policy rests on (the standard
    /// set leaves the two-stage sheet on its seed's own two).
    public func policy(tuning: Tuning, detents: [SheetDetentSpec] = SheetDetentSpec.standard) -> any SheetPolicy {
        switch self {
        case .fluid: FluidSheetPolicy(tuning: tuning, detents: detents)
        case .tutorial: TutorialSheetPolicy(tuning: tuning, detents: detents)
        case .twoStage: TwoStageSheetPolicy(tuning: tuning, detents: detents == SheetDetentSpec.standard ? nil : detents)
        }
    }
}

extension SheetPolicyKind {
    /// A metrics line's policy read back (`SheetPolicy.metricsName`): the kind and its set
    /// (medium,large when none is written); nil for a name that is not a sheet policy's.
    public static func parse(metricsName name: String) -> (kind: SheetPolicyKind, detents: [SheetDetentSpec])? {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]") else {
            return SheetPolicyKind(rawValue: name).map { ($0, SheetDetentSpec.standard) }
        }
        guard let kind = SheetPolicyKind(rawValue: String(name[..<open])),
              let set = try? SheetDetentSpec.parse(String(name[name.index(after: open)..<name.index(before: name.endIndex)])) else { return nil }
        return (kind, set)
    }
}

/// What a policy knows when the finger lets go.
public struct SheetRelease: Equatable, Sendable {
    /// The detent the drag started from.
    public var startDetent: SheetDetent
    /// The sheet's top when the drag began, and now (window pt).
    public var startTop: Double
    public var top: Double
    /// Release velocity of the pointer in pt/s, positive downward (0 when unknown).
    public var velocity: Double
    /// Window height in pt.
    public var height: Double
    /// How far the finger travelled (pt, positive down) from where it went down, as SwiftUI's
    /// `DragGesture.translation` counts it: the touch slop included, which the sheet's own
    /// `translation` is not (it follows 1:1 from where the finger left the slop circle).
    public var fingerTranslation: Double

    public init(startDetent: SheetDetent, startTop: Double, top: Double, velocity: Double, height: Double,
                fingerTranslation: Double? = nil) {
        self.startDetent = startDetent; self.startTop = startTop; self.top = top
        self.velocity = velocity; self.height = height
        self.fingerTranslation = fingerTranslation ?? top - startTop
    }

    /// How far the sheet moved (pt, positive down).
    public var translation: Double { top - startTop }
}

/// The rules a sheet follows: its detents, how it moves under the finger, where a release
/// sends it and with which animation. One small type per policy, each tested on its own.
public protocol SheetPolicy: Sendable {
    var kind: SheetPolicyKind { get }
    /// The numbers the policy decides and moves with (springs, thresholds, projection).
    var tuning: Tuning { get set }
    /// The highest resting detent's top (`.full`: nothing rests above it) for a window height.
    /// Every policy rests at two detents, this one and `lowest`; they are asked for in every
    /// frame of a drag, so they are answered without building the list (`detents`).
    func topmost(height: Double) -> Double
    /// The lowest resting detent and its top.
    func lowest(height: Double) -> (SheetDetent, Double)
    /// Where the sheet settles when it is first presented.
    var initialDetent: SheetDetent { get }
    /// …in a window `height` pt high (a set of fractions and heights: its smallest, as UIKit
    /// presents a sheet at its smallest detent).
    func initialDetent(height: Double) -> SheetDetent
    /// The resting detents, highest (smallest top) first, with their tops for a window height.
    func detents(height: Double) -> [(SheetDetent, Double)]
    /// The chosen set it rests on (nil: the policy's own, fixed by its seed).
    var detentSet: [SheetDetentSpec]? { get }
    /// The sheet's content height with its handle area, which a `content` detent rests at
    /// (nil: not measured yet); the sheet model sets it as the view tree measures it.
    var contentHeight: Double? { get set }
    /// The top of the nearest detent above `top` (nil: none), asked every frame of a drag.
    func nextTop(above top: Double, height: Double) -> Double?
    /// The top of `detent` in a window `height` pt high (`dismissed`: the bottom edge).
    func top(of detent: SheetDetent, height: Double) -> Double
    func presentation(from top: Double, to target: Double, at time: Double) -> AnimatedValue
    /// The sheet's top for an unconstrained drag position (clamps or rubber bands past the top).
    func draggedTop(raw: Double, height: Double) -> Double
    /// Where a release goes (`.dismissed` to close) and the rule that sent it there, with its
    /// margin; `target(for:)` is its target, so the rule reported never disagrees with it.
    func decision(for release: SheetRelease) -> SheetDecision
    /// The animation from the release point to the chosen detent (or off screen).
    func settle(_ release: SheetRelease, to target: SheetDetent, at time: Double) -> AnimatedValue
    /// Whether drags on the content scroll it in this detent (otherwise they move the sheet).
    func contentScrolls(in detent: SheetDetent, height: Double) -> Bool
    /// Seed 000: pulled this far below full with the content at its top, the sheet goes half.
    var pullToHalfDistance: Double? { get }
    /// When a dismissal started at `time` completes, if the policy fixes it (UIKit completes
    /// a spring animation at its duration, however early it looks settled); nil: at rest.
    func dismissalEnd(_ release: SheetRelease, at time: Double) -> Double?
}

/// A policy as an Equatable value. The three policies are pure functions of their kind and
/// their tuning, so that pair is the policy's identity. The existential is kept (not rebuilt
/// from the pair on each use) so reading it on every frame allocates nothing.
struct PolicyValue: Equatable, Sendable {
    var base: any SheetPolicy
    static func == (a: PolicyValue, b: PolicyValue) -> Bool {
        a.base.kind == b.base.kind && a.base.tuning == b.base.tuning && a.base.detentSet == b.base.detentSet
    }
}

/// A policy's answer to a release: where, by which rule, with how much room (in the rule's
/// units; positive, or 0 on the threshold itself).
public struct SheetDecision: Equatable, Sendable {
    public var target: SheetDetent
    public var rule: String
    public var margin: Double
    public init(target: SheetDetent, rule: String, margin: Double) { self.target = target; self.rule = rule; self.margin = margin }
}

extension SheetPolicy {
    public func dismissalEnd(_ release: SheetRelease, at time: Double) -> Double? { nil }

    /// The policy as a metrics line names it: "fluid", or on a chosen set
    /// "fluid[0.3,0.6,large]", so a study's lines say which set decided them and the decision
    /// map can draw that set's rules.
    public var metricsName: String {
        detentSet.map { "\(kind.rawValue)[\(SheetDetentSpec.text($0))]" } ?? kind.rawValue
    }

    /// Where a release goes (`.dismissed` to close).
    public func target(for release: SheetRelease) -> SheetDetent { decision(for: release).target }

    /// Where the release would carry the sheet's top under the tuning's deceleration.
    public func projectedTop(_ r: SheetRelease) -> Double {
        r.top + Projection.distance(velocity: r.velocity, decelerationRate: tuning.projectionRate)
    }

    public func initialDetent(height: Double) -> SheetDetent { initialDetent }
    public var detentSet: [SheetDetentSpec]? { nil }
    public func nextTop(above top: Double, height: Double) -> Double? {
        detents(height: height).map(\.1).filter { $0 < top - 1e-9 }.max()
    }

    public func top(of detent: SheetDetent, height: Double) -> Double {
        if detent == .dismissed { return height }
        if detent == .full { return topmost(height: height) }
        let low = lowest(height: height)
        if detent == low.0 { return low.1 }
        return detents(height: height).first { $0.0 == detent }?.1 ?? height
    }

    /// The resting detents, highest (smallest top) first, with their tops for a window height.
    public func detents(height: Double) -> [(SheetDetent, Double)] {
        [(.full, topmost(height: height)), lowest(height: height)]
    }

    /// The detent one step up or down from `detent` (keyboard), nil past the ends; found by
    /// its top (a chosen detent that meets another at one top rests as that one).
    public func neighbour(of detent: SheetDetent, up: Bool, height: Double) -> SheetDetent? {
        let all = detents(height: height)
        let list = all.map(\.0)
        let top = top(of: detent, height: height)
        guard let i = list.firstIndex(of: detent) ?? all.firstIndex(where: { abs($0.1 - top) < 1e-9 }) else { return nil }
        let j = up ? i - 1 : i + 1
        return list.indices.contains(j) ? list[j] : nil
    }

    /// The seed springs (SwiftUI interpolatingSpring(stiffness: 200, damping: 25,
    /// initialVelocity: 10), or the tuning's sheet spring): the initial velocity is relative,
    /// 10 × the distance per second.
    func seedSpring(from: Double, to: Double, at time: Double) -> AnimatedValue {
        .spring(Spring(parameters: tuning.sheetSpring, from: from, to: to,
                       velocity: SpringVelocity.fromRelative(MotionConstants.sheetSpringRelativeVelocity, from: from, to: to),
                       startTime: time))
    }
}
