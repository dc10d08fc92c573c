protocol OrdersView: AnyObject {
    func show(orders: [Order])
}

final class OrdersPresenter {
    weak var view: OrdersView?
    var router: OrdersWireframe?
    private let ordersService: OrdersServiceProtocol
    private var orders: [Order] = []

    init(ordersService: OrdersServiceProtocol) {
        self.ordersService = ordersService
    }

    func viewDidLoad() {
        orders = ordersService.recentOrders()
        view?.show(orders: orders)
    }

    func didSelectOrder(at index: Int) {
        let id = orders[index].id
        router?.navigateTo(route: OrderDetailRoute(id: id))
    }
}
