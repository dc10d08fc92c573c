import UIKit

final class UsernameViewController: UIViewController, UITextFieldDelegate {
    private let presenter: UsernamePresenting
    private let field = UITextField()

    init(presenter: UsernamePresenting) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Username"
        view.backgroundColor = .systemBackground
        field.placeholder = "Username"
        field.borderStyle = .roundedRect
        field.returnKeyType = .next
        field.delegate = self
        field.frame = CGRect(x: 20, y: 160, width: view.bounds.width - 40, height: 44)
        view.addSubview(field)
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        presenter.didSubmit(username: textField.text ?? "")
        return true
    }
}
