/// The state a ``ViewWithViewModel`` shows, as one value (the seed's
/// `BMViewModel`): preferably a struct, so a view can be put in any state by
/// handing it a value, which is what makes such views easy to test.
///
/// ```swift
/// struct ProfileViewModel: ViewModel {
///     let name: String
///     let age: Int
///     var isAdult: Bool { age >= 18 }
/// }
/// ```
public protocol ViewModel {}
