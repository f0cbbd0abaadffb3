" The ALE test of `rein check -` (run by tests/cli/neovim.rs): Neovim with Debian's vim-ale
" and the README's linter definition (tests/neovim/ale/ale_linters/puppet/rein.vim, word for
" word) lints the buffer named on the command line after a line was added to it without
" saving; the problems ALE parsed go to $REIN_ALE_OUT/problems, each step to
" $REIN_ALE_OUT/transcript. Neovim exits 0 when all went through, 1 if not.
set nocompatible
let s:here = expand('<sfile>:p:h')
let &runtimepath = s:here . '/ale,' . $REIN_ALE_RUNTIME . ',' . &runtimepath
autocmd BufRead,BufNewFile *.pp setfiletype puppet
let g:ale_linters = {'puppet': ['rein']}
let g:ale_lint_on_enter = 0
let g:ale_lint_on_text_changed = 'never'
filetype plugin on
runtime plugin/ale.vim

function! s:Log(line) abort
  call writefile([a:line], $REIN_ALE_OUT . '/transcript', 'a')
endfunction

function! s:Fail(why) abort
  call s:Log('FAILED: ' . a:why)
  cquit 1
endfunction

function! s:Run() abort
  call s:Log('nvim ' . matchstr(execute('version'), 'NVIM v\zs[^\n]*'))
  " An unsaved edit: only a linter that reads the buffer sees it.
  call append('$', '$unsaved = "no variables"')
  call s:Log('linting the modified buffer of ' . expand('%:t') . ' with ' . join(ale#linter#Get('puppet')->map('v:val.name'), ','))
  ALELint
  let l:waited = 0
  while (!exists('g:ale_buffer_info') || !has_key(g:ale_buffer_info, bufnr(''))
        \ || ale#engine#IsCheckingBuffer(bufnr(''))) && l:waited < 30000
    sleep 50m
    let l:waited += 50
  endwhile
  if l:waited >= 30000
    return s:Fail('ALE did not finish within 30 s')
  endif
  let l:problems = []
  for l:p in g:ale_buffer_info[bufnr('')].loclist
    call add(l:problems, printf('%d:%d %s %s %s', l:p.lnum, l:p.col, l:p.type, get(l:p, 'code', '?'), l:p.text))
  endfor
  call s:Log('ALE parsed ' . len(l:problems) . ' problems:')
  for l:line in l:problems
    call s:Log('  ' . l:line)
  endfor
  call writefile(l:problems, $REIN_ALE_OUT . '/problems')
  qall!
endfunction

autocmd VimEnter * call timer_start(10, {-> s:Run()})
