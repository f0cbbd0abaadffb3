;;; init.el --- The Emacs (eglot) end-to-end test of `rein lsp' -*- lexical-binding: t -*-
;;
;; Run by tests/cli/emacs.rs as `emacs --batch -l tests/emacs/init.el FILE'.  Emacs's
;; eglot client starts `rein lsp' for the Puppet buffer named on the command line, waits for
;; its diagnostics (through flymake) and writes them to $REIN_EMACS_OUT/diagnostics, then
;; saves the buffer with format-on-save (`eglot-format-buffer' in `before-save-hook').
;; Every step is logged to $REIN_EMACS_OUT/transcript.  Emacs exits 0 when all went
;; through, 1 if not.  Works with Emacs 28 and Debian's elpa-eglot 1.9 (built in from 29).

(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)

(defvar rein-test-out (or (getenv "REIN_EMACS_OUT") (error "REIN_EMACS_OUT is not set")))
(defvar rein-test-bin (or (getenv "REIN_BIN") (error "REIN_BIN is not set")))

(defun rein-test-log (fmt &rest args)
  (let ((line (concat (apply #'format fmt args) "\n")))
    (write-region line nil (expand-file-name "transcript" rein-test-out) t 'silent)))

(defun rein-test-fail (why)
  (rein-test-log "FAILED: %s" why)
  (kill-emacs 1))

(rein-test-log "emacs %s, eglot %s" emacs-version
               (or (ignore-errors (package-desc-version (cadr (assq 'eglot package-alist)))) "?"))

;; The configuration README shows: a Puppet major mode (puppet-mode from MELPA/elpa, or a
;; plain one when it is missing) and rein as its server.
(unless (require 'puppet-mode nil t)
  (define-derived-mode puppet-mode prog-mode "Puppet")
  (add-to-list 'auto-mode-alist '("\\.pp\\'" . puppet-mode)))
(add-to-list 'eglot-server-programs `(puppet-mode . (,rein-test-bin "lsp")))

;; A project root: the module (the directory holding metadata.json).
(defun rein-test-project (dir)
  (let ((root (locate-dominating-file dir "metadata.json")))
    (and root (cons 'transient root))))
(add-hook 'project-find-functions #'rein-test-project)

(defun rein-test-wait (pred seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

(let* ((file (car command-line-args-left))
       (buf (find-file-noselect file)))
  (setq command-line-args-left nil)
  ;; Flymake starts only in a buffer shown in a window.
  (switch-to-buffer buf)
  (with-current-buffer buf
    (unless (eq major-mode 'puppet-mode) (puppet-mode))
    (rein-test-log "opened %s in %s" (file-name-nondirectory file) major-mode)
    (condition-case err
        (let ((contact (eglot--guess-contact)))
          (apply #'eglot contact))
      (error (rein-test-fail (format "eglot did not start: %S" err))))
    (unless (rein-test-wait (lambda () (eglot-current-server)) 20)
      (rein-test-fail "no server within 20 s"))
    (rein-test-log "started rein lsp (root %s)"
                   (cdr (eglot--project (eglot-current-server))))
    (flymake-start)
    (unless (rein-test-wait (lambda () (flymake-diagnostics)) 20)
      (rein-test-fail "no diagnostics within 20 s"))
    (let ((diags (sort (flymake-diagnostics)
                       (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
          (lines '()))
      (rein-test-log "received %d diagnostics:" (length diags))
      (dolist (d diags)
        (let* ((beg (flymake-diagnostic-beg d))
               (line (line-number-at-pos beg))
               (col (save-excursion (goto-char beg) (1+ (current-column))))
               (full (flymake-diagnostic-text d))
               (severity (pcase (flymake-diagnostic-type d)
                           ('eglot-error "error") ('eglot-warning "warning") (_ "note")))
               ;; eglot shows "SOURCE [CODE]: MESSAGE", then the rest of the message.
               (first (car (split-string full "\n")))
               (text (if (string-match "\\[\\([a-z0-9_]+\\)\\]: \\(.*\\)" first)
                         (format "%d:%d %s %s %s" line col severity
                                 (match-string 1 first) (match-string 2 first))
                       (format "%d:%d %s %s" line col severity first))))
          (rein-test-log "  %s\n    %s" text (replace-regexp-in-string "\n" "\n    " full))
          (push text lines)))
      (write-region (concat (mapconcat #'identity (nreverse lines) "\n") "\n") nil
                    (expand-file-name "diagnostics" rein-test-out) nil 'silent))
    (add-hook 'before-save-hook #'eglot-format-buffer nil t)
    ;; Force a save even when formatting is the only change.
    (set-buffer-modified-p t)
    (condition-case err
        (save-buffer)
      (error (rein-test-fail (format "save failed: %S" err))))
    (rein-test-log "formatted on save and wrote %s" (file-name-nondirectory file))
    (ignore-errors (eglot-shutdown (eglot-current-server)))
    (rein-test-log "shut the server down")
    (kill-emacs 0)))
