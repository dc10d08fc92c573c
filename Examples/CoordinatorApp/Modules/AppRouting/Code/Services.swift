import Foundation

public struct Product: Identifiable, Hashable {
    public let id: String
    public let name: String
    public let price: Decimal

    public init(id: String, name: String, price: Decimal) {
        self.id = id
        self.name = name
        self.price = price
    }
}

public protocol CatalogServicing: AnyObject {
    func products() -> [Product]
    func product(id: String) -> Product?
}

public protocol SessionProviding: AnyObject {
    var isLoggedIn: Bool { get }
    func logIn(email: String, password: String) async throws
}
