import Foundation

struct Order: Equatable {
    let id: String
    let title: String
    let total: Decimal
}

protocol OrdersServiceProtocol: AnyObject {
    func recentOrders() -> [Order]
    func order(withID id: String) -> Order?
}

final class OrdersService: OrdersServiceProtocol {
    private let orders = [
        Order(id: "A-100", title: "Coffee beans", total: 18),
        Order(id: "A-101", title: "Hand grinder", total: 95),
    ]

    func recentOrders() -> [Order] {
        orders
    }

    func order(withID id: String) -> Order? {
        orders.first { $0.id == id }
    }
}
