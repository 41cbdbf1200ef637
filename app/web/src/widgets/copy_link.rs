//! Copies the page's URL, which carries the widget's state, to the clipboard.

use leptos::prelude::*;

#[component]
pub fn CopyLink() -> impl IntoView {
    let status = RwSignal::new(None::<String>);
    let copy = move |_| {
        let href = crate::dom::current_href();
        let clipboard = crate::dom::window().map(|w| w.navigator().clipboard());
        match clipboard {
            Some(clipboard) => {
                let promise = clipboard.write_text(&href);
                // The widget may be gone by the time the clipboard answers, hence `try_set`.
                leptos::task::spawn_local(async move {
                    let message = match wasm_bindgen_futures::JsFuture::from(promise).await {
                        Ok(_) => "Link copied: it opens this widget with these values.".to_string(),
                        Err(_) => format!("Copy this link: {href}"),
                    };
                    status.try_set(Some(message));
                });
            }
            None => status.set(Some(format!("Copy this link: {href}"))),
        }
    };
    view! {
        <div class="copy-link">
            <button type="button" class="secondary" data-testid="copy-link" on:click=copy>"Copy link to this state"</button>
            <span class="copy-status" role="status" data-testid="copy-status">{move || status.get()}</span>
        </div>
    }
}
