//! `lab package scorm`: the built site as a SCORM 1.2 package, a zip with an
//! `imsmanifest.xml` that an LMS imports as one SCO.
//!
//! The zip is written here, with stored (uncompressed) entries and CRC-32 as
//! PKWARE's APPNOTE specifies, so packaging needs no extra dependency. The
//! site is mostly already-compressed wasm and text that LMSs serve gzipped.

use course::manifest::Manifest;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Every file under `dir`, as paths relative to it with `/` separators, sorted.
fn files(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(relative) = stack.pop() {
        let entries = std::fs::read_dir(dir.join(&relative))
            .map_err(|e| format!("cannot read {}: {e}", dir.join(&relative).display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| e.to_string())?;
            let path = relative.join(entry.file_name());
            let kind = entry.file_type().map_err(|e| e.to_string())?;
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() {
                let text = path.to_string_lossy().replace('\\', "/");
                out.push(text);
            }
        }
    }
    out.sort();
    Ok(out)
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SCORM 1.2 manifest: one organization, one SCO launched at index.html.
pub fn manifest_xml(manifest: &Manifest, files: &[String]) -> String {
    let title = xml_escape(&manifest.title);
    let mastery = (manifest.defaults.pass_mark * 100.0).round();
    let file_list: String = files
        .iter()
        .map(|f| format!("      <file href=\"{}\"/>\n", xml_escape(f)))
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="{id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="{id}-org">
    <organization identifier="{id}-org">
      <title>{title}</title>
      <item identifier="{id}-item" identifierref="{id}-sco" isvisible="true">
        <title>{title}</title>
        <adlcp:masteryscore>{mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="{id}-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
{file_list}    </resource>
  </resources>
</manifest>
"#,
        id = xml_escape(&manifest.id),
    )
}

/// CRC-32 (IEEE 802.3, reflected), as zip requires.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// A zip archive of stored entries, in the given order.
pub fn zip(entries: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    let small = |n: usize, what: &str| {
        u32::try_from(n).map_err(|_| format!("{what} is too large for a zip without ZIP64"))
    };
    for (name, data) in entries {
        let offset = small(out.len(), "the package")?;
        let crc = crc32(data);
        let size = small(data.len(), name)?;
        let name_len =
            u16::try_from(name.len()).map_err(|_| format!("file name too long: {name}"))?;
        let header = |signature: u32, central_entry: bool| {
            let mut h = Vec::new();
            h.extend(signature.to_le_bytes());
            if central_entry {
                h.extend(20u16.to_le_bytes()); // made by: 2.0
            }
            h.extend(20u16.to_le_bytes()); // version needed: 2.0
            h.extend(0x0800u16.to_le_bytes()); // flags: names are UTF-8
            h.extend(0u16.to_le_bytes()); // method: stored
            h.extend(0u16.to_le_bytes()); // time
            h.extend(0x21u16.to_le_bytes()); // date: 1980-01-01
            h.extend(crc.to_le_bytes());
            h.extend(size.to_le_bytes());
            h.extend(size.to_le_bytes());
            h.extend(name_len.to_le_bytes());
            h.extend(0u16.to_le_bytes()); // extra length
            if central_entry {
                h.extend(0u16.to_le_bytes()); // comment length
                h.extend(0u16.to_le_bytes()); // disk
                h.extend(0u16.to_le_bytes()); // internal attributes
                h.extend(0u32.to_le_bytes()); // external attributes
                h.extend(offset.to_le_bytes());
            }
            h.extend(name.as_bytes());
            h
        };
        out.extend(header(0x0403_4b50, false));
        out.extend(data);
        central.extend(header(0x0201_4b50, true));
    }
    let count = u16::try_from(entries.len())
        .map_err(|_| "too many files for a zip without ZIP64".to_string())?;
    let central_offset = small(out.len(), "the package")?;
    let central_size = small(central.len(), "the directory")?;
    out.extend(&central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out.extend(count.to_le_bytes());
    out.extend(count.to_le_bytes());
    out.extend(central_size.to_le_bytes());
    out.extend(central_offset.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    Ok(out)
}

fn build(dist: &Path, out: &Path) -> Result<(usize, usize), String> {
    let manifest_text = std::fs::read_to_string(dist.join("content/course.toml")).map_err(|e| {
        format!(
            "cannot read {}/content/course.toml (build the site first): {e}",
            dist.display()
        )
    })?;
    let manifest = Manifest::parse(&manifest_text).map_err(|problems| {
        problems.first().map_or_else(
            || "the course manifest has problems".to_string(),
            ToString::to_string,
        )
    })?;
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} has no index.html: build the site first",
            dist.display()
        ));
    }
    let list = files(dist)?;
    let mut entries = vec![(
        "imsmanifest.xml".to_string(),
        manifest_xml(&manifest, &list).into_bytes(),
    )];
    for name in &list {
        let data =
            std::fs::read(dist.join(name)).map_err(|e| format!("cannot read {name}: {e}"))?;
        entries.push((name.clone(), data));
    }
    let bytes = zip(&entries)?;
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok((entries.len(), bytes.len()))
}

pub fn scorm(dist: &Path, out: &Path) -> ExitCode {
    match build(dist, out) {
        Ok((count, size)) => {
            let _ = writeln!(
                std::io::stdout(),
                "wrote {} ({count} files, {size} bytes): a SCORM 1.2 package for any LMS",
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(message) => crate::calculators::fail(&message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CRC-32 check value from the specification: "123456789" → 0xCBF43926.
    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}
