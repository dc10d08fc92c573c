import UIKit

final class TripListViewController: UITableViewController {
    private let presenter: TripListPresenter

    init(presenter: TripListPresenter) {
        self.presenter = presenter
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        presenter.didSelectTrip(id: indexPath.row)
    }
}
