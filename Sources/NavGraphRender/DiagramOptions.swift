import NavGraphKit

/// What a diagram shows and how it is laid out: the CLI's flags, packed into one value.
public struct DiagramOptions: Sendable, Equatable {
    /// `screens`: features as nodes, routes and handlers folded into labelled edges.
    /// `full`: routes, handlers and dependencies as their own nodes.
    public enum Detail: String, CaseIterable, Sendable { case screens, full }
    /// Which relations are drawn.
    public enum Layer: String, CaseIterable, Sendable { case navigation, dependencies, all }
    /// One node per module: never, always, or when the diagram is too big for `dot` (`auto`).
    public enum Collapse: String, CaseIterable, Sendable { case auto, always, never }
    /// Route ids on edges: always, never, or only while `dot` can afford them (`auto`).
    public enum EdgeLabels: String, CaseIterable, Sendable { case auto, all, none }
    /// The map of groups with a picture per group, every screen in one picture, or the map only
    /// above `thresholds.mapAboveScreens` screens (`auto`).
    public enum View: String, CaseIterable, Sendable { case auto, map, full }

    public var detail: Detail = .screens
    public var layer: Layer = .navigation
    public var collapseModules: Collapse = .auto
    public var edgeLabels: EdgeLabels = .auto
    public var engine: LayoutEngine = .dot
    /// Show only the neighbourhood of this element, `depth` screens away.
    public var focus: String?
    public var depth: Int = 2
    /// Show only what this entry (feature or route) can reach.
    public var from: String?
    /// Show only what reaches this element.
    public var to: String?
    /// Show only this module's elements (and their direct neighbours, greyed).
    public var module: String?
    /// Title drawn at the top (app name, scenario); user text, escaped.
    public var title: String?
    public var legend: Bool = true
    public var view: View = .auto
    /// With the map: how the SVG links a group's node to its picture, `<prefix><slug>.svg` (the CLI
    /// sets `<name>-`). Nil: no links (the HTML page opens groups itself).
    public var groupLinkPrefix: String?
    /// With the map: also draw each group's picture (the HTML page always holds them).
    public var groupPictures = true
    public var thresholds: RenderThresholds = .standard

    public init() {}
}

/// Where the renderer changes course to keep every input finishing. Measured values and their
/// reasons: docs/rendering.md.
public struct RenderThresholds: Sendable, Equatable {
    /// `--edge-labels auto` draws route ids on edges up to this many edges (dot's edge labels
    /// become extra nodes, and on big graphs crash graphviz).
    public var maxLabelledEdges: Int
    /// The same for the collapsed view's count labels (links between modules are dense).
    public var maxLabelledModuleLinks: Int
    /// `--collapse-modules auto` collapses modules above this many nodes.
    public var collapseAboveNodes: Int
    /// Above this many nodes, dot gets settings that bound its work (nslimit, mclimit, searchsize).
    public var boundedDotAboveNodes: Int
    /// Above this many nodes (after collapsing, or with no modules to collapse), dot is replaced by sfdp.
    public var sfdpAboveNodes: Int
    /// `--view auto` draws the map above this many screens (about what one screen shows readably).
    public var mapAboveScreens = 120
    /// Up to this many modules with screens, each module is a group of the map; above, modules are
    /// gathered under the entries' flows.
    public var mapModuleGroups = 40
    /// A flow's group is cut into parts of whole modules of at most this many screens.
    public var maxGroupScreens = 150
    /// A group's picture draws the screens of other groups it links with while they are at most this
    /// many; above, one node per other group.
    public var maxContextScreens = 30
    /// The map draws each group's strongest links out and in, this many each way.
    public var mapEdgesPerGroup = 2
    /// A group picture draws route ids on its edges up to this many labelled edges: with module boxes,
    /// dot's edge labels crashed graphviz 2.42 on 2 of 21 group pictures with 150-200 labelled edges (then drawn without).
    public var maxLabelledGroupEdges = 100
    /// PNGs of pictures with more nodes than this are encoded by the shim (`GraphvizRenderer.fastPNG`):
    /// cairo's PNG writer spent 70 % of a big group picture's PNG time in libpng's filters and zlib level 6.
    public var fastPNGAboveNodes = 120

    public init(maxLabelledEdges: Int, maxLabelledModuleLinks: Int, collapseAboveNodes: Int, boundedDotAboveNodes: Int,
                sfdpAboveNodes: Int) {
        self.maxLabelledEdges = maxLabelledEdges
        self.maxLabelledModuleLinks = maxLabelledModuleLinks
        self.collapseAboveNodes = collapseAboveNodes
        self.boundedDotAboveNodes = boundedDotAboveNodes
        self.sfdpAboveNodes = sfdpAboveNodes
    }

    public static let standard = RenderThresholds(
        maxLabelledEdges: 400, maxLabelledModuleLinks: 150, collapseAboveNodes: 2000, boundedDotAboveNodes: 1500, sfdpAboveNodes: 6000)
}
