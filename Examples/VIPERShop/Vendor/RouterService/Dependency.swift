import Foundation

/// Anything the router fills in before it builds a feature.
public protocol DependencyResolving {
    func resolve(from store: DependencyStore)
}

@propertyWrapper
public struct Dependency<Value>: DependencyResolving {
    private final class Box {
        var value: Value?
    }

    private let box = Box()

    public init() {}

    public var wrappedValue: Value {
        guard let value = box.value else {
            preconditionFailure("\(Value.self) was read before the router resolved it")
        }
        return value
    }

    public func resolve(from store: DependencyStore) {
        box.value = store.make(Value.self)
    }
}

/// Factories keyed by the type's unqualified name.
public final class DependencyStore {
    private var factories: [String: () -> AnyObject] = [:]

    public init() {}

    func setFactory(_ factory: @escaping () -> AnyObject, forKey key: String) {
        factories[key] = factory
    }

    func make<Value>(_ type: Value.Type) -> Value {
        let key = String(describing: type)
        guard let factory = factories[key], let value = factory() as? Value else {
            preconditionFailure("Nothing is registered for \(key)")
        }
        return value
    }
}
