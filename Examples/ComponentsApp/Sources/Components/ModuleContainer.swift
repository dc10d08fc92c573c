/// Fills a module's `@Dependency` properties before it is instantiated.
public final class ModuleContainer {
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    public init() {}

    public func add<T>(_ type: T.Type, _ factory: @escaping () -> T) {
        factories[ObjectIdentifier(type)] = factory
    }

    public func inject(into module: Module) {
        for child in Mirror(reflecting: module).children {
            (child.value as? Injectable)?.fill(from: self)
        }
    }

    func make(_ id: ObjectIdentifier) -> Any? { factories[id]?() }
}

protocol Injectable {
    func fill(from container: ModuleContainer)
}

@propertyWrapper
public final class Dependency<T>: Injectable {
    private var value: T?

    public init() {}

    public var wrappedValue: T {
        guard let value else { fatalError("\(T.self) was not injected") }
        return value
    }

    func fill(from container: ModuleContainer) {
        value = container.make(ObjectIdentifier(T.self)) as? T
    }
}
