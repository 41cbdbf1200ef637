//! Loads the vendored echarts script once, on demand, as a same-origin
//! `<script src>` (allowed by the CSP's `script-src 'self'`).

use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Relative to index.html, so the site works under any sub-path.
pub const ECHARTS_SRC: &str = "public/vendor/echarts-5.6.0.min.js";

thread_local! {
    static LOADING: RefCell<Option<js_sys::Promise>> = const { RefCell::new(None) };
}

fn echarts_present() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &JsValue::from_str("echarts")).unwrap_or(false)
}

/// Resolves once `window.echarts` exists; every caller shares one download.
pub async fn ensure_echarts() -> Result<(), String> {
    if echarts_present() {
        return Ok(());
    }
    let promise = LOADING.with(|cell| cell.borrow_mut().get_or_insert_with(start_loading).clone());
    match JsFuture::from(promise).await {
        Ok(_) if echarts_present() => Ok(()),
        _ => {
            // Let a later chart try again, e.g. after the network comes back.
            LOADING.with(|cell| cell.borrow_mut().take());
            Err("The chart library could not be loaded; the data table below shows the same numbers.".to_string())
        }
    }
}

fn start_loading() -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, reject| {
        let Some(document) = crate::dom::document() else {
            let _ = reject.call0(&JsValue::NULL);
            return;
        };
        let script = document
            .create_element("script")
            .ok()
            .and_then(|element| element.dyn_into::<web_sys::HtmlScriptElement>().ok());
        let (Some(script), Some(head)) = (script, document.head()) else {
            let _ = reject.call0(&JsValue::NULL);
            return;
        };
        script.set_src(ECHARTS_SRC);
        script.set_onload(Some(resolve.unchecked_ref()));
        script.set_onerror(Some(reject.unchecked_ref()));
        if head.append_child(&script).is_err() {
            let _ = reject.call0(&JsValue::NULL);
        }
    })
}
