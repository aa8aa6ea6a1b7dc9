/**
 * The `text/html` rendering of a figure in a notebook: the static SVG (no scripts needed: nbconvert HTML, GitHub,
 * untrusted notebooks), upgraded in place to the interactive plotly.js figure where a script may run and plotly.js
 * can be loaded: Jupyter Notebook 6 serves project files under `<base>/files/<path from the server root>`.
 */
import type { Figure } from "./types.js";

/** JSON that is safe inside a `<script>` element. */
function scriptJSON(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The HTML of one figure.
 * @param plotlyRel path of `plotly.min.js` relative to the notebook's folder (with `/`), e.g.
 *   `../node_modules/plotly.js-dist-min/plotly.min.js`; undefined for a static-only figure.
 * @example
 * figureHtml(fig, svg, "f0a1b2", "../node_modules/plotly.js-dist-min/plotly.min.js");
 */
export function figureHtml(fig: Figure, svg: string, id: string, plotlyRel: string | undefined, alt: string): string {
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
  var base = document.body.getAttribute("data-base-url");
  var nb = document.body.getAttribute("data-notebook-path");
  if (base === null || nb === null) return;
  var parts = decodeURIComponent(nb).split("/").slice(0, -1).filter(function (p) { return p !== ""; });
  var rel = ${scriptJSON(plotlyRel)}.split("/");
  for (var i = 0; i < rel.length; i++) {
    if (rel[i] === "..") { if (!parts.length) return; parts.pop(); }
    else if (rel[i] !== "." && rel[i] !== "") parts.push(rel[i]);
  }
  var url = base.replace(/\\/?$/, "/") + "files/" + parts.map(encodeURIComponent).join("/");
  if (typeof window.requirejs === "function") {
    window.requirejs([url], function (P) { window.Plotly = window.Plotly || P; draw(P || window.Plotly); }, function () {});
  } else {
    var s = document.createElement("script");
    s.src = url;
    s.onload = function () { if (window.Plotly) draw(window.Plotly); };
    document.head.appendChild(s);
  }
})();`;
  return `<div id="${id}" class="agora-figure">${img}<script type="text/javascript">${script}</script></div>`;
}
