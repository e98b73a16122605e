/// What every presenter holds: its display, weakly, as in Clean Swift (the display owns the scene).
package class ScenePresenter<Display> {
    private weak var object: AnyObject?

    /// A presenter for `display` (set later when nil).
    package init(display: Display? = nil) {
        object = display.map { $0 as AnyObject }
    }

    /// The display, while it is alive.
    package var display: Display? {
        get { object as? Display }
        set { object = newValue.map { $0 as AnyObject } }
    }
}
