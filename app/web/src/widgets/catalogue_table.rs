//! The hardware catalogue widget: every part the other widgets use, filtered
//! by class and sorted by a column, each number a link to its source.

use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::field::{
    fixed_choices, form_setter, form_value, ready_field_error, SelectField,
};
use crate::widgets::live_summary::live_summary;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use engine::catalogue_table::{
    compute, CatalogueForm, CatalogueOutput, Cell, Row, CLASS_CHOICES, COLUMNS, FIELDS,
    SORT_CHOICES,
};
use leptos::prelude::*;

const CLASS_LABELS: [&str; 8] = [
    "Every class",
    "GPUs",
    "TPUs",
    "ASICs",
    "FPGAs",
    "CPUs",
    "Edge accelerators",
    "Neuromorphic chips",
];

#[component]
pub fn CatalogueTable(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<CatalogueForm>(&mount, &FIELDS);
    let validated = Memo::new(move |_| form.with(CatalogueForm::validate));
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let output = Memo::new(move |_| {
        let catalogue = catalogue.get()?;
        validated.with(|v| v.as_ref().ok().map(|input| compute(input, &catalogue)))
    });
    let error_for = move |field: &'static str| ready_field_error(validated, field);
    let class_pairs: Vec<(&str, &str)> = CLASS_CHOICES
        .iter()
        .zip(CLASS_LABELS)
        .map(|((key, _), label)| (*key, label))
        .collect();
    let sort_pairs: Vec<(&str, &str)> = SORT_CHOICES
        .iter()
        .map(|(key, _, label)| (*key, *label))
        .collect();
    let id = mount.instance.clone();
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Hardware catalogue".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    view! {
        <section class="widget" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Reference · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            <form class="widget-form wide-choices" on:submit=|ev| ev.prevent_default() novalidate>
                <SelectField id=format!("{id}-class") label="Show" test_id="class" options=fixed_choices(&class_pairs)
                    value=form_value(form, "class") error=error_for("class") on_change=form_setter(form, "class") />
                <SelectField id=format!("{id}-sort") label="Sort by" test_id="sort" options=fixed_choices(&sort_pairs)
                    value=form_value(form, "sort") error=error_for("sort") on_change=form_setter(form, "sort") />
            </form>
            <div class="widget-results">
                {live_summary(move || validated.with(Result::is_err), move || output.with(|o| o.as_ref().map(|o| format!("{} of {} parts shown.", o.rows.len(), o.total))))}
                {move || match (validated.with(Result::is_ok), output.get()) {
                    (false, _) => view! {
                        <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Pick a class and a sort order from the lists."</p>
                    }.into_any(),
                    (true, None) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (true, Some(output)) => view! { <Table output=output /> }.into_any(),
                }}
            </div>
            <CopyLink />
        </section>
    }
}

#[component]
fn Table(output: CatalogueOutput) -> impl IntoView {
    let summary = format!(
        "{} of {} parts shown; {} with an announcement year, {} with a cloud or purchase price. \
         A dash means the figure is not published or not yet confirmed from a source. \
         Peaks are dense; sparsity figures are left out. Scale-up links count both directions, \
         as vendors quote NVLink and ICI; scale-out links count one, as a network card's rate is quoted, \
         so halve the first before comparing the two.",
        output.rows.len(),
        output.total,
        output.with_year,
        output.with_price
    );
    let headers = COLUMNS
        .iter()
        .map(|(header, _)| view! { <th scope="col">{*header}</th> })
        .collect_view();
    let rows = output.rows.into_iter().map(row).collect_view();
    view! {
        <p class="catalogue-summary" data-testid="catalogue-summary">{summary}</p>
        <div class="table-scroll catalogue-scroll" role="region" aria-label="Hardware catalogue table" tabindex="0">
            <table class="catalogue-table" data-testid="catalogue-table">
                <caption class="visually-hidden">"Hardware catalogue: one row per part, numbers link to their sources"</caption>
                <thead><tr><th scope="col">"Part"</th>{headers}<th scope="col">"Software"</th><th scope="col">"Sources"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

fn row(row: Row) -> impl IntoView {
    let sources = sources(&row);
    let cells = row.cells.into_iter().map(cell).collect_view();
    // The software list has its own last column, so the name column that
    // stays in view while the table scrolls sideways is narrow on a phone.
    let detail = format!("{} · {}", row.class, row.vendor);
    let software = row.software.join(", ");
    view! {
        <tr data-testid=format!("catalogue-row-{}", row.id)>
            <th scope="row"><span class="catalogue-name">{row.name}</span><span class="catalogue-detail">{detail}</span></th>
            {cells}
            <td class="catalogue-software">{software}</td>
            <td class="catalogue-sources">{sources}</td>
        </tr>
    }
}

/// Every source a row's figures cite, with the figures it covers and the
/// date it was checked. The links' tooltips say the same, but a tooltip
/// cannot be read by touch or reached by keyboard; this can.
fn sources(row: &Row) -> impl IntoView {
    let cited = row.sources();
    if cited.is_empty() {
        return ().into_any();
    }
    let count = cited.len();
    let items = cited
        .into_iter()
        .map(|source| {
            view! {
                <li>
                    <a href=source.url>{source.title}</a>
                    {format!(" — for {}; checked {}.", source.figures.join(", "), source.checked)}
                </li>
            }
        })
        .collect_view();
    view! {
        <details data-testid="catalogue-sources">
            <summary>{format!("{count} source{}", if count == 1 { "" } else { "s" })}</summary>
            <ol>{items}</ol>
        </details>
    }
    .into_any()
}

fn cell(cell: Cell) -> impl IntoView {
    match (cell.text, cell.source_url) {
        (Some(text), Some(url)) => {
            let title = format!(
                "Source: {}, checked {}",
                cell.source_title.unwrap_or_default(),
                cell.checked.unwrap_or_default()
            );
            view! { <td><a href=url title=title>{text}</a></td> }.into_any()
        }
        (Some(text), None) => view! { <td>{text}</td> }.into_any(),
        (None, _) => view! {
            <td class="catalogue-missing"><span aria-hidden="true">"—"</span><span class="visually-hidden">"not published"</span></td>
        }
        .into_any(),
    }
}
