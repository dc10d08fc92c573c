import RouterService

struct MenuItem {
    let title: String
    let route: Route

    static let all = [
        MenuItem(title: "Orders", route: OrdersRoute()),
        MenuItem(title: "Profile", route: ProfileRoute()),
    ]
}
