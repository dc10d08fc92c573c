import ArgumentParser

extension NavGraphCommand {
    /// Every subcommand, one file each.
    static let allSubcommands: [ParsableCommand.Type] = [
        CheckCommand.self,
        RulesCommand.self,
        RenderCommand.self,
        ScanCommand.self,
        ConfigCommand.self,
        ReportCommand.self,
        PathCommand.self,
        WhyCommand.self,
        FlagsCommand.self,
        ExploreCommand.self,
        DiffCommand.self,
        InitCommand.self,
    ]
}
