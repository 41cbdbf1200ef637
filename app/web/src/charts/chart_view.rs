//! One echarts canvas that follows a chart signal, with a visible data table.

use crate::charts::frame;
use crate::charts::loader::ensure_echarts;
use crate::theme::use_theme;
use charming::{Chart, Echarts, WasmRenderer};
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// Rows of the table alternative: a header row and data rows, as display text.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChartTable {
    pub caption: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[component]
pub fn ChartView(
    /// Describes what the chart shows, for screen readers and as its caption.
    #[prop(into)]
    label: String,
    /// The chart options; `None` draws nothing (for example while input is invalid).
    chart: Signal<Option<Chart>>,
    table: Signal<ChartTable>,
) -> impl IntoView {
    let id = format!("chart-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed));
    let status = RwSignal::new(None::<String>);
    let theme = use_theme();
    let instance = StoredValue::new_local(None::<(Echarts, bool)>);
    let heading = super::tooltip::Heading::new();
    let target = id.clone();
    let frame_pending = StoredValue::new(false);
    let drawn_width = StoredValue::new(NEVER_DRAWN);
    let resized = RwSignal::new(0_u32);
    // The element exists once the view is mounted, which is when Effects run.
    let observed = id.clone();
    Effect::new(move |_| follow_width(observed.clone(), drawn_width, instance, resized));
    // Drawing on a canvas is a sync with the outside world, so it is an Effect.
    // The drawing waits for the next animation frame: the numbers update first,
    // and several changes within one frame cost one redraw.
    Effect::new(move |_| {
        chart.track();
        theme.track();
        resized.track();
        if frame_pending.get_value() {
            return;
        }
        frame_pending.set_value(true);
        let target = target.clone();
        let heading = heading.clone();
        request_animation_frame(move || {
            frame_pending.try_set_value(false);
            let Some(Some(options)) = chart.try_get_untracked() else {
                return;
            };
            let dark = theme.try_get_untracked().is_some_and(|t| t.is_dark());
            draw(
                target,
                options,
                dark,
                status,
                instance,
                drawn_width,
                heading,
            );
        });
    });
    view! {
        <figure class="chart-figure">
            <figcaption>{label.clone()}</figcaption>
            <div id=id class="chart" role="img" aria-label=label data-testid="chart"
                data-state=move || status.get().map(|s| if s == READY { "ready" } else { "error" }).unwrap_or("loading")></div>
            {move || status.get().filter(|s| s != READY).map(|message| view! { <p class="chart-error" role="status">{message}</p> })}
            <DataTable table=table />
        </figure>
    }
}

/// A canvas keeps the width it was created at, so when the layout gives the
/// chart another width (a phone turned sideways, a resized window, a page
/// still settling when the chart first drew) the old instance is dropped and
/// the next frame draws one that fits. A `ResizeObserver` reports the width
/// after layout; a window `resize` event can arrive before the layout settles.
/// The observer is disconnected when the chart unmounts.
fn follow_width(
    target: String,
    drawn_width: StoredValue<i32>,
    instance: StoredValue<Option<(Echarts, bool)>, LocalStorage>,
    resized: RwSignal<u32>,
) {
    let Some(element) = crate::dom::element_by_id(&target) else {
        return;
    };
    let callback = Closure::<dyn FnMut()>::new(move || {
        let Some(width) = crate::dom::element_by_id(&target).map(|e| e.client_width()) else {
            return;
        };
        // Before the first draw there is nothing to redo: it measures for
        // itself. A chart drawn while hidden (inside a prediction box not yet
        // revealed) was drawn at width 0, which echarts turns into a 100 px
        // canvas, so the width it gets when shown must redraw it.
        if drawn_width
            .try_get_value()
            .is_none_or(|drawn| drawn == NEVER_DRAWN || drawn == width)
        {
            return;
        }
        instance.try_set_value(None);
        resized.try_update(|count| *count = count.wrapping_add(1));
    });
    let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(&element);
    let observing = StoredValue::new_local(Some((observer, callback)));
    on_cleanup(move || {
        observing.try_update_value(|held| {
            if let Some((observer, _)) = held.take() {
                observer.disconnect();
            }
        });
    });
}

/// Loads echarts if needed, then updates the chart in place or creates it.
/// The chart may be unmounted while echarts loads, so every access to its
/// signals uses the `try_` forms, which do nothing once they are disposed.
fn draw(
    target: String,
    options: Chart,
    dark: bool,
    status: RwSignal<Option<String>>,
    instance: StoredValue<Option<(Echarts, bool)>, LocalStorage>,
    drawn_width: StoredValue<i32>,
    heading: super::tooltip::Heading,
) {
    leptos::task::spawn_local(async move {
        if let Err(message) = ensure_echarts().await {
            status.try_set(Some(message));
            return;
        }
        // The legend wraps at the canvas's real width, so the frame is fitted
        // at draw time rather than when the widget builds its options.
        let width = crate::dom::element_by_id(&target).map_or(0, |e| e.client_width());
        drawn_width.try_set_value(width);
        let (options, axes, height) = frame::fit(options, f64::from(width));
        heading.set_names(axes);
        // A legend that wraps to many rows gets a taller canvas; a canvas
        // keeps the height it was created at, so a new height needs a new one.
        if set_height(&target, height) {
            instance.try_set_value(None);
        }
        let options = if dark {
            options
        } else {
            options.color(super::LIGHT_PALETTE.to_vec())
        };
        // Reuse the instance while the theme is unchanged; a theme change needs a new one.
        let reused = instance.try_with_value(|current| match current {
            Some((echarts, was_dark)) if *was_dark == dark => {
                WasmRenderer::update(echarts, &options);
                true
            }
            _ => false,
        });
        if reused != Some(false) || crate::dom::element_by_id(&target).is_none() {
            return;
        }
        dispose_existing(&target);
        match create(&target, dark, height) {
            Some(echarts) => {
                // The tooltip's options go in before the chart's: echarts
                // fixes the tooltip's render mode when it first creates it,
                // and later updates merge into these.
                super::tooltip::apply(&echarts, dark, &heading);
                WasmRenderer::update(&echarts, &options);
                instance.try_set_value(Some((echarts, dark)));
                status.try_set(Some(READY.to_string()));
            }
            None => {
                let message =
                    "The chart could not be drawn; the data table shows the same numbers.";
                status.try_set(Some(message.to_string()));
            }
        }
    });
}

const READY: &str = "ready";

/// The drawn width before any draw; a real width is never negative.
const NEVER_DRAWN: i32 = -1;

/// Sets the chart element's height in pixels; true if it changed.
fn set_height(id: &str, height: f64) -> bool {
    let Some(element) = crate::dom::element_by_id(id) else {
        return false;
    };
    let wanted = format!("{}px", height.round());
    let style = element.style();
    let current = style.get_property_value("height").unwrap_or_default();
    // The stylesheet's 320 px applies until a height is set here.
    let effective = if current.is_empty() {
        format!("{}px", frame::CANVAS_PX)
    } else {
        current
    };
    if effective == wanted {
        return false;
    }
    style.set_property("height", &wanted).is_ok()
}

/// A new echarts instance on element `id`, `height` pixels tall, in the dark
/// or the default theme; `None` if the element or echarts is missing.
fn create(id: &str, dark: bool, height: f64) -> Option<Echarts> {
    let element = crate::dom::element_by_id(id)?;
    let echarts = js_sys::Reflect::get(&js_sys::global(), &"echarts".into()).ok()?;
    let init = js_sys::Reflect::get(&echarts, &"init".into()).ok()?;
    let init = init.dyn_ref::<js_sys::Function>()?;
    let size = js_sys::Object::new();
    js_sys::Reflect::set(&size, &"height".into(), &height.round().into()).ok()?;
    let theme = if dark { "dark" } else { "" };
    let created = init.call3(&echarts, &element, &theme.into(), &size).ok()?;
    Some(created.unchecked_into::<Echarts>())
}

/// echarts refuses to init twice on one element; dispose the old instance first.
fn dispose_existing(id: &str) {
    let Some(element) = crate::dom::element_by_id(id) else {
        return;
    };
    let global = js_sys::global();
    let Ok(echarts) = js_sys::Reflect::get(&global, &"echarts".into()) else {
        return;
    };
    let Ok(dispose) = js_sys::Reflect::get(&echarts, &"dispose".into()) else {
        return;
    };
    if let Some(dispose) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&dispose) {
        let _ = dispose.call1(&echarts, &element);
    }
}

#[component]
fn DataTable(table: Signal<ChartTable>) -> impl IntoView {
    move || {
        let table = table.get();
        let header = table
            .header
            .iter()
            .map(|cell| view! { <th scope="col">{cell.clone()}</th> })
            .collect_view();
        let rows = table
            .rows
            .iter()
            .map(|row| {
                let cells = row
                    .iter()
                    .map(|cell| view! { <td>{cell.clone()}</td> })
                    .collect_view();
                view! { <tr>{cells}</tr> }
            })
            .collect_view();
        view! {
            <details class="chart-table" data-testid="chart-table">
                <summary>"Show the data as a table"</summary>
                <div class="table-scroll" role="region" aria-label=table.caption.clone() tabindex="0">
                    <table>
                        <caption>{table.caption.clone()}</caption>
                        <thead><tr>{header}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </details>
        }
    }
}
