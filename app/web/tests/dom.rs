//! DOM tests in headless Chromium (wasm-bindgen-test). They mount components
//! into their own container, never into <body>, so the runner's output survives.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::Block;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web::blocks::Blocks;
use web::widgets::{Widget, WidgetMount};

wasm_bindgen_test_configure!(run_in_browser);

fn container() -> web_sys::HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.dyn_into().unwrap()
}

/// Lets Leptos run its scheduled effects.
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn text_of(root: &web_sys::HtmlElement, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .map(|el| el.text_content().unwrap_or_default())
        .unwrap_or_default()
}

fn type_into(root: &web_sys::HtmlElement, selector: &str, value: &str) {
    let input: web_sys::HtmlInputElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn the_widget_recomputes_when_an_input_changes() {
    let root = container();
    let _handle = leptos::mount::mount_to(
        root.clone(),
        || view! { <Widget mount=WidgetMount::standalone("train-compute") /> },
    );
    settle().await;
    assert_eq!(text_of(&root, "[data-testid=value-time_s]"), "33.6 days");
    type_into(&root, "[data-testid=input-accelerators]", "2048");
    settle().await;
    assert_eq!(text_of(&root, "[data-testid=value-time_s]"), "16.8 days");
}

#[wasm_bindgen_test]
async fn invalid_input_shows_a_message_beside_the_field() {
    let root = container();
    let _handle = leptos::mount::mount_to(
        root.clone(),
        || view! { <Widget mount=WidgetMount::standalone("train-compute") /> },
    );
    settle().await;
    type_into(&root, "[data-testid=input-params]", "-3");
    settle().await;
    assert!(text_of(&root, "[data-testid=error-params]").contains("Must be more than 0."));
    assert!(root
        .query_selector("[data-testid=results-invalid]")
        .unwrap()
        .is_some());
    let input = root
        .query_selector("[data-testid=input-params]")
        .unwrap()
        .unwrap();
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn authoring_errors_render_in_place_and_script_text_stays_text() {
    let root = container();
    let rendered = course::markdown::render(
        "Hi <script>window.__domTestPwned = 1</script>\n\n```widget nope\n```\n",
        course::markdown::Origin {
            path: "t.md",
            line_offset: 0,
            slug: "t",
            catalogue: None,
            tools: course::markdown::RenderTools::full(),
        },
    );
    let blocks: Vec<Block> = rendered.blocks;
    let _handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <Blocks blocks=blocks.clone() /> },
    );
    settle().await;
    assert!(text_of(&root, "[data-testid=authoring-error]").contains("unknown widget `nope`"));
    assert!(root.query_selector("script").unwrap().is_none());
    assert!(root.text_content().unwrap_or_default().contains("<script>"));
    let pwned = js_sys::Reflect::get(&js_sys::global(), &"__domTestPwned".into()).unwrap();
    assert!(pwned.is_undefined());
}

#[wasm_bindgen_test]
async fn an_unknown_widget_slug_shows_an_error_box_not_a_panic() {
    let root = container();
    let _handle = leptos::mount::mount_to(
        root.clone(),
        || view! { <Widget mount=WidgetMount::standalone("no-such-widget") /> },
    );
    settle().await;
    assert!(text_of(&root, "[data-testid=authoring-error]").contains("no-such-widget"));
}

/// The same seeded replication as the engine's native golden test
/// (`casestudy::tests::golden_seeded_run_for_the_wasm_comparison`), checked
/// bit for bit: a seed gives identical results natively and in WASM.
#[wasm_bindgen_test]
fn the_simulator_is_bit_identical_in_wasm() {
    use engine::casestudy::{replicate, Dynamics};
    let dynamics = Dynamics {
        work_s: 50_000.0,
        start_delay_s: 300.0,
        failure_rate_per_s: 1.0 / 10_000.0,
        preemption_rate_per_s: 1.0 / 40_000.0,
        interval_s: 1_500.0,
        write_s: 60.0,
        restart_s: 600.0,
        notice_s: 120.0,
    };
    let run = replicate(&dynamics, 7, None);
    assert_eq!(run.completion_s.to_bits(), 4_679_271_494_003_586_460);
}
