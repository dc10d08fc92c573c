import Foundation
import PackagePlugin

/// Applied to a target (`plugins: [.plugin(name: "NavGraphBuildPlugin", package: "navgraph")]`),
/// runs `navgraph check` on every build and prints findings as `file:line:col: error|warning: …`,
/// which Xcode shows in the editor and the issue navigator; an error fails the build.
///
/// What is checked, first found wins (file-existence checks only, so planning costs nothing):
/// 1. a `.navgraph.yml` in the target's folder: that configuration and its `registries:`;
/// 2. a registry named `navigation.yml`/`.yaml`/`.json` in the target's folder;
/// 3. the `registries:` of the package's `.navgraph.yml`;
/// 4. the Swift sources of the target and of the targets of the same package it depends on.
/// The package's `.navgraph.yml` (rules, baseline, scan settings) applies unless the target has
/// its own. navgraph prints nothing for sources with no navigation at all.
@main
struct NavGraphBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget, module.kind != .test else { return [] }
        let ownFiles = module.sourceFiles(withSuffix: "swift").map(\.url)
        // The package's own targets only: a dependency's sources (swift-syntax, a router framework) are
        // not the app's navigation, and scanning them would cost every build.
        let own = Set(context.package.targets.map(\.id))
        let sourceTargets = [module] + module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind != .test && own.contains($0.id) }
        let plan = NavGraphBuildPlan(
            folder: module.folderURL, root: context.package.directoryURL,
            sourceFolders: sourceTargets.map(\.folderURL),
            sourceFiles: sourceTargets.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) })
        guard !ownFiles.isEmpty || plan.registry != nil else { return [] }
        return [try plan.command(tool: try context.tool(named: "navgraph").url, workDirectory: context.pluginWorkDirectoryURL, target: target.name)]
    }
}

/// The inputs and command line of one target's check, shared by packages and Xcode projects.
struct NavGraphBuildPlan {
    /// The target's folder (where its own `.navgraph.yml` or registry would be).
    var folder: URL
    /// The package's or project's folder (where the shared `.navgraph.yml` would be).
    var root: URL
    /// What to scan when no configuration names registries.
    var sourceFolders: [URL]
    /// The Swift files read (so the build system knows when the command's inputs changed).
    var sourceFiles: [URL]

    static let registryNames = ["navigation.yml", "navigation.yaml", "navigation.json"]
    static let configName = ".navgraph.yml"

    private static func existing(_ url: URL) -> URL? {
        FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The target's own configuration, else the package's.
    var config: URL? {
        Self.existing(folder.appendingPathComponent(Self.configName)) ?? Self.existing(root.appendingPathComponent(Self.configName))
    }

    /// A registry file in the target's folder (not used when the target has its own configuration).
    var registry: URL? {
        if Self.existing(folder.appendingPathComponent(Self.configName)) != nil { return nil }
        return Self.registryNames.lazy.compactMap { Self.existing(folder.appendingPathComponent($0)) }.first
    }

    func arguments(workDirectory: URL) -> [String] {
        var args = ["check", "--build-tool-plugin", workDirectory.path, "--reporter", "xcode"]
        if let config { args += ["--config", config.path] }
        if let registry {
            args.append(registry.path)
        } else {
            args += ["--default-paths-file", defaultPathsFile(workDirectory).path]
        }
        return args
    }

    /// The source folders, one per line: an app target may depend on thousands of modules, and as
    /// many options would cost navgraph's argument parser more than the whole check.
    func defaultPathsFile(_ workDirectory: URL) -> URL {
        workDirectory.appendingPathComponent("default-paths.txt")
    }

    /// Writes the source folders' file when its text changed (planning runs often; an unchanged file keeps
    /// its date, so the build system does not see a changed input).
    func writeDefaultPaths(_ workDirectory: URL) throws {
        let url = defaultPathsFile(workDirectory)
        let text = Data(sourceFolders.map { $0.path + "\n" }.joined().utf8)
        if FileManager.default.contents(atPath: url.path) == text { return }
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try text.write(to: url)
    }

    /// The build system (SwiftPM 6.3) runs a command without outputs only when one of its inputs
    /// changed or it failed last time, so a target's warnings would be shown once and then never
    /// again. navgraph rewrites `run-stamp` in its work directory on every run, and the stamp is an
    /// input: the next build always finds an input changed and runs the check again, as the issue
    /// asks (navgraph's scan cache makes an unchanged run cheap). An output the build consumed
    /// instead would have to be a source or a resource of the target.
    func command(tool: URL, workDirectory: URL, target: String) throws -> Command {
        let stamp = workDirectory.appendingPathComponent("run-stamp")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            try? FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: stamp.path, contents: Data())
        }
        var inputs = sourceFiles + [stamp]
        if let config { inputs.append(config) }
        if let registry {
            inputs.append(registry)
        } else {
            try writeDefaultPaths(workDirectory)
            inputs.append(defaultPathsFile(workDirectory))
        }
        return .buildCommand(
            displayName: "navgraph check \(target)", executable: tool, arguments: arguments(workDirectory: workDirectory),
            inputFiles: inputs, outputFiles: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same check for a target of an Xcode project (Build Phases → Run Build Tool Plug-ins): the
/// project folder's `.navgraph.yml` or `navigation.yml`, else the project's Swift sources, read with
/// the project file so that the app target's files are the ones checked.
extension NavGraphBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        let root = context.xcodeProject.directoryURL
        let plan = NavGraphBuildPlan(folder: root, root: root, sourceFolders: [root], sourceFiles: files)
        guard !files.isEmpty || plan.registry != nil else { return [] }
        return [try plan.command(tool: try context.tool(named: "navgraph").url, workDirectory: context.pluginWorkDirectoryURL, target: target.displayName)]
    }
}
#endif

extension Target {
    /// The target's folder (`directoryURL` needs tools version 6.1; this package declares 6.0).
    var folderURL: URL { URL(fileURLWithPath: directory.string) }
}
