;;; flycheck.el --- flycheck runs `rein check -' on a buffer, as the README shows -*- lexical-binding: t -*-
;;
;; Run by tests/cli/emacs.rs as `emacs --batch -l tests/emacs/flycheck.el FILE'.  The
;; README's flycheck checker (rein reads the unsaved buffer on standard input, with
;; --stdin-filepath naming the file) checks the buffer after a line was added to it without
;; saving; the errors flycheck parsed are written to $REIN_EMACS_OUT/errors, each step to
;; $REIN_EMACS_OUT/transcript.  Emacs exits 0 when all went through, 1 if not.

(require 'package)
(package-initialize)
(require 'flycheck)

(defvar rein-test-out (or (getenv "REIN_EMACS_OUT") (error "REIN_EMACS_OUT is not set")))
(defvar rein-test-bin (or (getenv "REIN_BIN") (error "REIN_BIN is not set")))

(defun rein-test-log (fmt &rest args)
  (write-region (concat (apply #'format fmt args) "\n") nil
                (expand-file-name "transcript" rein-test-out) t 'silent))

(defun rein-test-fail (why)
  (rein-test-log "FAILED: %s" why)
  (kill-emacs 1))

(unless (require 'puppet-mode nil t)
  (define-derived-mode puppet-mode prog-mode "Puppet")
  (add-to-list 'auto-mode-alist '("\\.pp\\'" . puppet-mode)))

;; The README's checker, word for word but for the executable's path.
(flycheck-define-checker puppet-rein
  "Puppet with rein."
  :command ("rein" "check" "-" "--stdin-filepath" source-original
            "--log-format=%{path}:%{line}:%{column}: %{kind}: [%{check}] %{message}")
  :standard-input t
  :error-patterns
  ((error line-start (file-name) ":" line ":" column ": error: [" (id (+ (not "]"))) "] " (message) line-end)
   (warning line-start (file-name) ":" line ":" column ": warning: [" (id (+ (not "]"))) "] " (message) line-end))
  :modes puppet-mode)
(add-to-list 'flycheck-checkers 'puppet-rein)
(setq flycheck-puppet-rein-executable rein-test-bin)

(rein-test-log "emacs %s, flycheck %s" emacs-version (flycheck-version nil))

(let* ((file (car command-line-args-left))
       (buf (find-file-noselect file)))
  (setq command-line-args-left nil)
  (switch-to-buffer buf)
  (with-current-buffer buf
    (unless (eq major-mode 'puppet-mode) (puppet-mode))
    ;; An unsaved edit: only a checker that reads the buffer sees it.
    (goto-char (point-max))
    (insert "$unsaved = \"no variables\"\n")
    (setq-local flycheck-checker 'puppet-rein)
    (flycheck-mode 1)
    (rein-test-log "checking the modified buffer of %s with %s" (file-name-nondirectory file)
                   (flycheck-get-checker-for-buffer))
    (flycheck-buffer)
    (let ((deadline (+ (float-time) 30)))
      (while (and (flycheck-running-p) (< (float-time) deadline))
        (accept-process-output nil 0.05)))
    (when (flycheck-running-p)
      (rein-test-fail "the check did not finish within 30 s"))
    (let ((lines '()))
      (dolist (e flycheck-current-errors)
        (push (format "%d:%d %s %s %s" (flycheck-error-line e) (flycheck-error-column e)
                      (flycheck-error-level e) (flycheck-error-id e)
                      (flycheck-error-message e))
              lines))
      (setq lines (nreverse lines))
      (rein-test-log "flycheck parsed %d errors:" (length lines))
      (dolist (l lines) (rein-test-log "  %s" l))
      (write-region (concat (mapconcat #'identity lines "\n") "\n") nil
                    (expand-file-name "errors" rein-test-out) nil 'silent))
    (kill-emacs 0)))
