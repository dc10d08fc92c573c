import UIKit

public final class DIService: DIServicing {
    private var factories: [ObjectIdentifier: () -> Any] = [:]
    private var handlers: [String: RouteHandling] = [:]

    public init() {
        factories[ObjectIdentifier(DIServicing.self)] = { [unowned self] in self }
    }

    public func register(_ handler: RouteHandling) {
        for routeType in handler.routes {
            handlers[routeType.identifier] = handler
        }
    }

    public func register(_ factory: @escaping () -> Any, for type: Any.Type) {
        factories[ObjectIdentifier(type)] = factory
    }

    public func rootController(for builder: Builder.Type) -> UIViewController {
        UINavigationController(rootViewController: makeBuilder(builder).build(from: nil))
    }

    public func navigate(to route: Route, from: UIViewController, presentationStyle: PresentationStyle, animated: Bool) {
        let identifier = type(of: route).identifier
        guard let handler = handlers[identifier] else {
            preconditionFailure("No handler is registered for \(identifier)")
        }
        let destination = handler.destination(for: route, from: from)
        let builder = makeBuilder(destination)
        if builder.isEnabled() {
            presentationStyle.present(builder.build(from: route), from: from, animated: animated)
        } else if let fallback = builder.fallback(for: route) {
            presentationStyle.present(makeBuilder(fallback).build(from: route), from: from, animated: animated)
        } else {
            preconditionFailure("\(destination) is disabled and has no fallback")
        }
    }

    func make<Value>(_ type: Value.Type) -> Value {
        guard let factory = factories[ObjectIdentifier(type)], let value = factory() as? Value else {
            preconditionFailure("Nothing is registered for \(type)")
        }
        return value
    }

    private func makeBuilder(_ builderType: Builder.Type) -> Builder {
        let builder = builderType.init()
        for child in Mirror(reflecting: builder).children {
            (child.value as? DependencyResolving)?.resolve(using: self)
        }
        return builder
    }
}

protocol DependencyResolving {
    func resolve(using service: DIService)
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
            preconditionFailure("\(Value.self) was read before DIService resolved it")
        }
        return value
    }

    func resolve(using service: DIService) {
        box.value = service.make(Value.self)
    }
}
