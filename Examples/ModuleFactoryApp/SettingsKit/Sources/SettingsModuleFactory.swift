import Core

/// The settings pod's pages, by key.
public struct SettingsModuleFactory {
    public init() {}

    public func productConstructor(_ key: String) -> ((IAppRouter) -> IModule)? {
        switch key {
        case PageModule.settings.moduleKey:
            return { SettingsModule(router: $0) }
        case PageModule.about.moduleKey:
            return { AboutModule(router: $0) }
        default:
            return nil
        }
    }
}
