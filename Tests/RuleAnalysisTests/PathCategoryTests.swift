import AASAModel
import LinkMatcher
import Testing
import Workload

@testable import RuleAnalysis

struct PathCategoryTests {
    static let categorizer = PathCategorizer(
        assetExtensions: ["css", "js", "png", "json"].map { Array($0.utf8) })

    @Test(arguments: [
        ("/products/42", PathCategory.page),
        ("/", .page),
        ("/static/app.CSS", .asset),
        ("/img/logo.png", .asset),
        ("/report.json", .asset),
        ("/api/v2/items", .api),
        ("/v1/items", .api),
        ("/shop/v1", .page),  // a version is an API only in first place
        ("/graphql", .api),
        ("/admin/users", .admin),
        ("/wp-admin/", .admin),
        ("/account/login", .login),
        ("/oauth/authorize", .login),
        ("/wp-login.php", .system),
        ("/.well-known/apple-app-site-association", .system),
        ("/.env", .system),
        ("/index.php", .system),
        ("/cgi-bin/test", .system),
        ("/phpmyadmin/", .system),
        ("/blog/api-design", .page),
    ])
    func categorises(path: String, expected: PathCategory) {
        #expect(Self.categorizer.category(of: path) == expected)
    }
}
