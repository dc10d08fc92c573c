import UIKit

final class OrdersViewController: UITableViewController, OrdersView {
    var presenter: OrdersPresenter?
    private var orders: [Order] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        presenter?.viewDidLoad()
    }

    func show(orders: [Order]) {
        self.orders = orders
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        orders.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = orders[indexPath.row].title
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        presenter?.didSelectOrder(at: indexPath.row)
    }
}
