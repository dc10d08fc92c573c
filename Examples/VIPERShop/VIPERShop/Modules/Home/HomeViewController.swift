import UIKit

final class HomeViewController: UITableViewController, HomeView {
    var presenter: HomePresentation?
    private var titles: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "VIPER Shop"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        presenter?.viewDidLoad()
    }

    func show(titles: [String]) {
        self.titles = titles
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        titles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = titles[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        presenter?.didSelect(row: indexPath.row)
    }
}
