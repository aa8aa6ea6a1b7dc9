/**
 * The `text/html` rendering of a figure in a notebook: the static SVG (no scripts needed: nbconvert HTML, GitHub,
 * untrusted notebooks), upgraded in place to the interactive plotly.js figure where a script may run and plotly.js
 * can be loaded. plotly.js is looked for, in turn, at the project's own copy (Jupyter Notebook 6 serves project
 * files under `<base>/files/<path from the server root>` and names the notebook's path on the page), then at the
 * given CDN addresses of the same version (JupyterLab and other front ends, which do not name the notebook's path).
 * Where none loads (offline, plotly.js above the server root), the static figure stays.
 */
import type { Figure } from "./types.js";

/** JSON that is safe inside a `<script>` element. */
function scriptJSON(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * CDN addresses of one plotly.js version: jsDelivr's copy of the npm package this project pins (the same bytes as
 * the local file), then plotly's own CDN.
 * @example plotlyCDN("3.1.0")[1] // "https://cdn.plot.ly/plotly-3.1.0.min.js"
 */
export function plotlyCDN(version: string): string[] {
  return [`https://cdn.jsdelivr.net/npm/plotly.js-dist-min@${version}/plotly.min.js`, `https://cdn.plot.ly/plotly-${version}.min.js`];
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The HTML of one figure.
 * @param plotlyRel path of `plotly.min.js` relative to the notebook's folder (with `/`), e.g.
 *   `../node_modules/plotly.js-dist-min/plotly.min.js`; undefined for a static-only figure.
 * @param cdn addresses of the same plotly.js build to try when the project's copy cannot be reached.
 * @example
 * figureHtml(fig, svg, "f0a1b2", "../node_modules/plotly.js-dist-min/plotly.min.js", "Recall", plotlyCDN("3.1.0"));
 */
export function figureHtml(fig: Figure, svg: string, id: string, plotlyRel: string | undefined, alt: string, cdn: readonly string[] = []): string {
  const img =
    `<img class="agora-static" alt="${escapeAttr(alt)}" style="max-width:100%;height:auto" ` +
    `src="data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}"/>`;
  if (plotlyRel === undefined) return `<div id="${id}" class="agora-figure">${img}</div>`;
  const script = `(function () {
  var root = document.getElementById(${scriptJSON(id)});
  if (!root || root.getAttribute("data-live")) return;
  var spec = ${scriptJSON({ data: fig.data, layout: fig.layout, config: fig.config ?? {} })};
  function draw(Plotly) {
    var div = document.createElement("div");
    root.appendChild(div);
    Promise.resolve(Plotly.newPlot(div, spec.data, spec.layout, spec.config)).then(function () {
      root.setAttribute("data-live", "1");
      var s = root.querySelector(".agora-static");
      if (s) s.parentNode.removeChild(s);
    }, function () { root.removeChild(div); });
  }
  if (window.Plotly && window.Plotly.newPlot) return draw(window.Plotly);
  var urls = [];
  var base = document.body.getAttribute("data-base-url");
  var nb = document.body.getAttribute("data-notebook-path");
  if (base !== null && nb !== null) {
    var parts = decodeURIComponent(nb).split("/").slice(0, -1).filter(function (p) { return p !== ""; });
    var rel = ${scriptJSON(plotlyRel)}.split("/");
    var inside = true;
    for (var i = 0; i < rel.length && inside; i++) {
      if (rel[i] === "..") { if (parts.length) parts.pop(); else inside = false; }
      else if (rel[i] !== "." && rel[i] !== "") parts.push(rel[i]);
    }
    if (inside) urls.push(base.replace(/\\/?$/, "/") + "files/" + parts.map(encodeURIComponent).join("/"));
  }
  urls = urls.concat(${scriptJSON(cdn)});
  function next() {
    if (!urls.length) return;
    var url = urls.shift();
    if (typeof window.requirejs === "function") {
      window.requirejs([url], function (P) { window.Plotly = window.Plotly || P; draw(P || window.Plotly); }, next);
    } else {
      var s = document.createElement("script");
      s.src = url;
      s.onload = function () { if (window.Plotly) draw(window.Plotly); else next(); };
      s.onerror = next;
      document.head.appendChild(s);
    }
  }
  next();
})();`;
  return `<div id="${id}" class="agora-figure">${img}<script type="text/javascript">${script}</script></div>`;
}
