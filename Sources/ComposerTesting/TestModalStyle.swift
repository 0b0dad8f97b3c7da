/// How a ``TestScreen`` is shown when it is presented modally, like `UIModalPresentationStyle`.
///
/// The twin answers as an iPhone in portrait does, a window of compact width and regular height.
/// There UIKit shows some styles as another one, and so does the twin: ``automatic`` (the default,
/// as in UIKit since iOS 13) is shown as a page sheet, and ``popover`` as a form sheet, since a
/// popover adapts to a sheet on compact width. ``compactWidthStyle`` names the style a presentation
/// is shown in, and the text rendering shows both: `presented automatic (as pageSheet):`.
///
/// The style decides two things, as in UIKit. Who presents: only the context styles
/// (``currentContext``, ``overCurrentContext``) consult ``TestScreen/definesPresentationContext``;
/// the others are always presented by the outermost container of the presenter's level (for
/// ``fullScreen`` and ``overFullScreen``, of the nearest level out that covers the window: a level
/// presented in a context style passes the request on to the level that hosts it). What
/// disappears: ``fullScreen`` hides the whole window and ``currentContext`` only the context it
/// covers; every other style leaves the presenting screens on screen (UIKit does not remove their
/// views), so only these two make screens disappear in the ``LifecycleLog``.
public enum TestModalStyle: String, Sendable, Hashable, CustomStringConvertible {
    /// The style UIKit chooses, and the default of ``TestScreen/modalStyle``. On an iPhone UIKit
    /// shows it as a sheet over the presenting side, which stays on screen: the twin shows it as
    /// ``pageSheet``. (UIKit's documentation names `.pageSheet` before iOS 18 and `.formSheet` from
    /// iOS 18 on; on compact width both are the same sheet, and the twin treats them alike.)
    case automatic
    /// Covers the whole window; everything under it disappears.
    case fullScreen
    /// A card over the presenting side, which stays on screen.
    case pageSheet
    /// A smaller card over the presenting side (the same sheet on an iPhone), which stays on screen.
    case formSheet
    /// Covers the presentation context (the nearest screen that defines one), whose screens
    /// disappear; the rest of the window, a tab bar say, stays on screen.
    case currentContext
    /// Covers the whole window, but what lies beneath stays on screen (UIKit keeps its views, so
    /// transparent parts of the presented screen show it): nothing beneath disappears.
    case overFullScreen
    /// Lies over the presentation context, which stays on screen beneath it.
    case overCurrentContext
    /// A popover pointing at a control. On compact width UIKit adapts it, and the twin shows it as
    /// ``formSheet``: a sheet over the presenting side, which stays on screen.
    case popover

    /// The case name: `automatic`, `fullScreen`, `pageSheet`, `formSheet`, `currentContext`,
    /// `overFullScreen`, `overCurrentContext`, `popover`.
    public var description: String { rawValue }

    /// The style a presentation asked for in this style is shown in on an iPhone in portrait:
    /// ``pageSheet`` for ``automatic``, ``formSheet`` for ``popover``, and the style itself for the
    /// others. It decides what the presentation hides.
    public var compactWidthStyle: TestModalStyle {
        switch self {
        case .automatic: .pageSheet
        case .popover: .formSheet
        case .fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen, .overCurrentContext: self
        }
    }

    /// The text after `presented` in a rendering: the style, then the style it is shown in when that
    /// differs, as in `automatic (as pageSheet)` and `popover (as formSheet)`.
    public var renderedName: String {
        let shown = compactWidthStyle
        return shown == self ? rawValue : "\(rawValue) (as \(shown))"
    }

    /// Whether an iPhone shows the presentation as a sheet, the only kind the user can swipe down.
    var isSheet: Bool {
        switch compactWidthStyle {
        case .pageSheet, .formSheet: true
        case .automatic, .fullScreen, .currentContext, .overFullScreen, .overCurrentContext, .popover: false
        }
    }

    /// Whether ``TestScreen/definesPresentationContext`` chooses the host: UIKit reads it only for
    /// the context styles.
    var usesPresentationContext: Bool {
        switch self {
        case .currentContext, .overCurrentContext: true
        case .automatic, .fullScreen, .pageSheet, .formSheet, .overFullScreen, .popover: false
        }
    }

    /// Whether the presentation covers the whole window, so that only a screen that covers the
    /// window too can host it: the full-screen styles.
    var coversWindow: Bool {
        switch self {
        case .fullScreen, .overFullScreen: true
        case .automatic, .pageSheet, .formSheet, .currentContext, .overCurrentContext, .popover: false
        }
    }

    /// What a presentation in this style takes off screen beneath it.
    enum Coverage {
        /// Everything beneath it, wherever its host is.
        case window
        /// Its host and what the host contains.
        case context
        /// Nothing: the screens beneath stay on screen.
        case nothing
    }

    /// What a presentation in this style hides, as UIKit decides by the style it is shown in:
    /// full screen removes the views beneath it, current context those of its context, and the
    /// sheets and the over- styles none.
    var coverage: Coverage {
        switch compactWidthStyle {
        case .fullScreen: .window
        case .currentContext: .context
        case .automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .popover: .nothing
        }
    }
}
