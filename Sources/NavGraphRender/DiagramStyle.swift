/// How each kind, relation and mark looks: the allow-list every graphviz attribute value comes
/// from. Nothing here ever holds registry data.
enum DiagramStyle {
    typealias Attributes = [(String, String)]

    static let font = "Helvetica"
    static let blue = "#3B73B9", green = "#2E8540", red = "#C0392B", orange = "#D35400", grey = "#888888"
    static let purple = "#7D3C98", amber = "#B7950B", darkGrey = "#555555"

    static func node(_ kind: Diagram.NodeKind, _ marks: Diagram.Marks) -> Attributes {
        var shape = "box", styles = ["filled"], fill = "#E8F1FB", color = blue, font = "#1B1B1B"
        var pen = "1", peripheries: String? = nil
        switch kind {
        case .feature: styles.insert("rounded", at: 0)
        case .route: shape = "ellipse"; fill = "#FFF4D6"; color = amber
        case .handler: shape = "hexagon"; fill = "#EFE6F7"; color = purple
        case .dependency: shape = "component"; fill = "#EEEEEE"; color = darkGrey
        case .module: shape = "folder"
        case .group: shape = "box"; styles.insert("rounded", at: 0); pen = "1.5"
        case .unhandledRoute: shape = "octagon"; fill = "#FDE2E1"; color = red; font = red; styles.append("dashed")
        }
        if marks.contains(.entry) { fill = "#D7F5DD"; color = green; pen = "2"; peripheries = "2" }
        if marks.contains(.context) { fill = "#FFFFFF"; color = "#BBBBBB"; font = "#777777" }
        if marks.contains(.undeclared) { styles.append("dashed"); color = grey }
        if marks.contains(.unreachable) { fill = "#E0E0E0"; font = "#666666"; color = grey; styles.append("dashed") }
        if marks.contains(.disabled) { styles.append("diagonals"); color = orange; pen = "2" }
        if marks.contains(.finding) { pen = "2"; color = orange }
        if marks.contains(.cycle) || marks.contains(.unhandled) { color = red; pen = "2" }
        if marks.contains(.missingFallback) { fill = "#FDE2E1"; color = red; pen = "3" }
        if marks.contains(.worstWarning) { fill = "#FFF1D6"; color = orange; pen = "2" }
        if marks.contains(.worstError) { fill = "#FDE2E1"; color = red; pen = "2.5" }
        if marks.contains(.changed) { fill = "#FFF4D6"; color = amber; pen = "2" }
        if marks.contains(.added) { fill = "#D7F5DD"; color = green; pen = "2" }
        if marks.contains(.removed) { fill = "#FDE2E1"; color = red; pen = "2"; styles.append("dashed") }
        var seen: Set<String> = []
        styles = styles.filter { seen.insert($0).inserted }
        var a: Attributes = [("shape", shape), ("style", styles.joined(separator: ",")), ("fillcolor", fill),
                             ("color", color), ("fontcolor", font), ("penwidth", pen)]
        if let p = peripheries { a.append(("peripheries", p)) }
        return a
    }

    static func edge(_ relation: Diagram.Relation, _ marks: Diagram.Marks) -> Attributes {
        var color = blue, style = "solid", arrow = "normal", pen = "1"
        switch relation {
        case .navigates, .opens: break
        case .handledBy: color = purple; arrow = "odot"
        case .routesTo: color = purple
        case .fallback: color = orange; style = "dashed"
        case .requires: color = darkGrey; arrow = "empty"
        case .requiresLazy: color = darkGrey; arrow = "empty"; style = "dotted"
        case .aggregate: color = blue; pen = "1.5"
        case .direct: color = green; style = "dashed"; arrow = "vee"
        }
        if marks.contains(.context) { color = "#9E9E9E"; pen = "1" }
        if marks.contains(.cycle) || marks.contains(.unhandled) { color = red; pen = "2.5" }
        if marks.contains(.changed) { color = amber; pen = "2" }
        if marks.contains(.added) { color = green; pen = "2" }
        if marks.contains(.removed) { color = red; pen = "2"; style = "dashed" }
        return [("color", color), ("fontcolor", color), ("style", style), ("arrowhead", arrow), ("penwidth", pen)]
    }

    static let cluster: Attributes = [("style", "rounded,filled"), ("fillcolor", "#F7F9FC"), ("color", "#B0BEC5"),
                                      ("fontcolor", "#37474F"), ("fontsize", "12")]

    /// Graph defaults; `bounded` adds the settings that cap dot's work on big graphs, and on
    /// dense ones (`dense`: many edges a node, as between collapsed modules) the tighter ones.
    static func graph(engine: String, bounded: Bool, dense: Bool) -> Attributes {
        var a: Attributes = [("layout", engine), ("fontname", font), ("fontsize", "14"), ("labelloc", "t"),
                             ("outputorder", "edgesfirst")]
        switch engine {
        case "dot":
            a += [("rankdir", "LR"), ("nodesep", "0.25"), ("ranksep", "0.6")]
            if bounded && dense {
                a += [("nslimit", "1"), ("nslimit1", "1"), ("mclimit", "0.1"), ("searchsize", "20"), ("remincross", "false"),
                      ("splines", "line")]
            } else if bounded {
                a += [("nslimit", "2"), ("nslimit1", "2"), ("mclimit", "0.5"), ("searchsize", "20"), ("splines", "line")]
            }
        case "sfdp":
            a += [("overlap", "prism"), ("splines", "false"), ("sep", "+4")]
        default:
            a += [("overlap", "false")]
        }
        return a
    }

    static let nodeDefaults: Attributes = [("fontname", font), ("fontsize", "11"), ("margin", "0.08,0.04")]
    static let edgeDefaults: Attributes = [("fontname", font), ("fontsize", "9"), ("arrowsize", "0.7")]
}
