// wertung: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  function renumber(table) {
    var rows = table.querySelectorAll("tbody tr[data-row]");
    rows.forEach(function (row, i) {
      var n = String(i + 1);
      row.querySelector("[data-row-number]").textContent = n;
      row.querySelectorAll("[id]").forEach(function (el) {
        el.id = el.id.replace(/-(\d+|__N__)$/, "-" + n);
      });
      row.querySelectorAll("label[for]").forEach(function (el) {
        el.htmlFor = el.htmlFor.replace(/-(\d+|__N__)$/, "-" + n);
        if (el.dataset.label) el.textContent = el.dataset.label.replace("{n}", n);
      });
      row.querySelectorAll("[aria-describedby]").forEach(function (el) {
        el.setAttribute("aria-describedby", el.getAttribute("aria-describedby").replace(/-(\d+|__N__)$/, "-" + n));
      });
      var remove = row.querySelector("[data-remove-row]");
      if (remove) {
        remove.value = remove.value.replace(/-(\d+|__N__)$/, "-" + n);
        if (remove.dataset.label) remove.setAttribute("aria-label", remove.dataset.label.replace("{n}", n));
      }
    });
  }

  function refresh(form) {
    if (window.htmx && form.getAttribute("hx-get")) window.htmx.trigger(form, "change");
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-add-row]");
    if (add) {
      var prefix = add.dataset.addRow;
      var form = add.form;
      var table = form.querySelector('table[data-rows="' + prefix + '"]');
      var template = form.querySelector('template[data-row-template="' + prefix + '"]');
      if (!table || !template) return;
      event.preventDefault();
      var row = template.content.firstElementChild.cloneNode(true);
      table.tBodies[0].appendChild(row);
      renumber(table);
      var input = row.querySelector("input");
      if (input) input.focus();
      return;
    }
    var remove = event.target.closest("[data-remove-row]");
    if (remove) {
      var tr = remove.closest("tr");
      var tbl = remove.closest("table");
      var f = remove.form;
      event.preventDefault();
      var next = tr.nextElementSibling || tr.previousElementSibling;
      tr.remove();
      renumber(tbl);
      if (next) {
        var focusable = next.querySelector("[data-remove-row]");
        if (focusable) focusable.focus();
      }
      refresh(f);
    }
  });

  // The language switch carries the typed input: when a live update replaces the page's URL
  // (HX-Replace-Url), its links take the new query in place. (Swapping the links out of band
  // could replace one between a click's mouse-down and mouse-up, and the click was lost.)
  function followUrl() {
    document.querySelectorAll("a[data-lang-switch]").forEach(function (link) {
      var href = link.getAttribute("href") || "";
      link.setAttribute("href", href.split("?")[0] + window.location.search);
    });
  }
  document.addEventListener("htmx:replacedInHistory", followUrl);
  document.addEventListener("htmx:pushedIntoHistory", followUrl);

  // An upload over the server's limit: said beside the file field before anything is sent
  // (the browser knows the size), and a 413 the server sends anyway (file and form together)
  // shows the server's own message there too, not only in the console.
  function fileError(form, message) {
    var slot = form.querySelector("#err-file") || form.querySelector("#err-form");
    var input = form.querySelector("input[type=file][data-max-upload]");
    if (slot) slot.textContent = message;
    if (input) {
      if (message) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      var field = input.closest(".field");
      if (field) field.classList.toggle("has-error", Boolean(message));
    }
  }
  function tooLarge(form) {
    var input = form && form.querySelector("input[type=file][data-max-upload]");
    if (!input || !input.files) return null;
    var limit = Number(input.dataset.maxUpload);
    var total = 0;
    for (var i = 0; i < input.files.length; i++) total += input.files[i].size;
    return limit && total > limit ? input.dataset.tooLarge : null;
  }
  document.addEventListener("change", function (event) {
    var input = event.target.closest && event.target.closest("input[type=file][data-max-upload]");
    if (input && input.form) fileError(input.form, tooLarge(input.form) || "");
  });
  document.addEventListener("submit", function (event) {
    var message = tooLarge(event.target);
    if (message) {
      event.preventDefault();
      event.stopImmediatePropagation();
      fileError(event.target, message);
    }
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var message = form && event.detail.verb === "post" ? tooLarge(form) : null;
    if (message) {
      event.preventDefault();
      fileError(form, message);
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 413) return;
    event.detail.shouldSwap = false;
    event.detail.isError = false;  // answered on the page, no console error
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var text = "";
    try {
      var doc = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var problem = doc.querySelector(".problem") || doc.querySelector("p");
      text = problem ? problem.textContent.trim() : "";
    } catch (e) { text = ""; }
    var input = form && form.querySelector("input[type=file][data-max-upload]");
    if (form) fileError(form, text || (input && input.dataset.tooLarge) || "413");
  });

})();
