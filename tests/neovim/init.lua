-- The Neovim end-to-end test of `rein lsp` (run by tests/cli/neovim.rs): Neovim's own LSP
-- client starts `rein lsp` for puppet buffers, the manifest given on the command line is
-- opened, its diagnostics are awaited and written to $REIN_NVIM_OUT/diagnostics, then the
-- buffer is written with format-on-save (vim.lsp.buf.format in BufWritePre). Every step
-- is logged to $REIN_NVIM_OUT/transcript; Neovim exits 0 when all went through, 1 if not.
-- Works with Neovim 0.7 (Debian 12) and later.

local out = assert(os.getenv('REIN_NVIM_OUT'), 'REIN_NVIM_OUT is not set')
local rein = assert(os.getenv('REIN_BIN'), 'REIN_BIN is not set')
local transcript = assert(io.open(out .. '/transcript', 'w'))

local function log(fmt, ...)
  transcript:write(string.format(fmt, ...) .. '\n')
  transcript:flush()
end

local function fail(why)
  log('FAILED: %s', why)
  vim.cmd('cquit 1')
end

log('nvim %s', tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch))

vim.cmd('autocmd BufRead,BufNewFile *.pp setfiletype puppet')

-- The configuration README shows, for Neovim versions with and without vim.lsp.start.
local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local found = vim.fn.findfile('metadata.json', dir .. ';')
  if found ~= '' then
    return vim.fn.fnamemodify(found, ':p:h')
  end
  return dir
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'puppet',
  callback = function(args)
    local config = { name = 'rein', cmd = { rein, 'lsp' }, root_dir = root_of(vim.api.nvim_buf_get_name(args.buf)) }
    if vim.lsp.start then
      vim.lsp.start(config)
    else
      local id = vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, id)
    end
    log('started rein lsp for %s (root %s)', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ':t'), config.root_dir)
  end,
})

vim.api.nvim_create_autocmd('BufWritePre', {
  pattern = '*.pp',
  callback = function(args)
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ bufnr = args.buf, timeout_ms = 5000 })
    else
      vim.lsp.buf.formatting_sync(nil, 5000)
    end
    log('formatted on save')
  end,
})

local function code_of(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?'
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  local ok = vim.wait(20000, function()
    return #vim.lsp.get_active_clients() > 0 and #vim.diagnostic.get(buf) > 0
  end, 20)
  if not ok then
    return fail('no diagnostics within 20 s')
  end
  local diags = vim.diagnostic.get(buf)
  table.sort(diags, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  local f = assert(io.open(out .. '/diagnostics', 'w'))
  log('received %d diagnostics:', #diags)
  local severities = { 'error', 'warning', 'info', 'hint' }
  for _, d in ipairs(diags) do
    local line = string.format('%d:%d %s %s', d.lnum + 1, d.col + 1, severities[d.severity], code_of(d))
    f:write(line .. '\n')
    log('  %s', line)
  end
  f:close()
  vim.cmd('write')
  log('wrote %s', vim.fn.expand('%:t'))
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
  vim.wait(5000, function()
    return #vim.lsp.get_active_clients() == 0
  end, 20)
  log('server stopped; done')
  vim.cmd('qall!')
end

vim.api.nvim_create_autocmd('VimEnter', {
  nested = true, -- so that :write runs BufWritePre
  callback = function()
    local ok, err = pcall(run)
    if not ok then
      fail(tostring(err))
    end
  end,
})
