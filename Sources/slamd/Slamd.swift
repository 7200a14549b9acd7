import SlamDemo
import SlamHost

/// `slamd`: hosts the demo app (or a storyboard: ``StoryboardOptions``) with the command line
/// every hosted application gets.
@main
enum Slamd {
    static func main() {
        SlamHost.main(.slamd, options: StoryboardOptions.self) { try DemoApp.makeApplication() }
    }
}
