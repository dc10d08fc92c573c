import UIKit

final class RecipeListViewController: UITableViewController {
    private let presenter: RecipeListPresenter

    init(presenter: RecipeListPresenter) {
        self.presenter = presenter
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        presenter.didSelect(index: indexPath.row)
    }
}
