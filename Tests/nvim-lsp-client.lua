-- Neovim's built-in LSP client driving `badgec lsp` (run headless by
-- LanguageServerClientTests): opens BADGE_FILE, waits for the server's
-- diagnostics, asks for a hover at HOVER_LINE:HOVER_CHARACTER and a
-- definition at DEFINITION_LINE:DEFINITION_CHARACTER (0-based), writes what
-- came back as JSON to RESULT, and quits. Works with Neovim 0.7 and later.
local badgec = os.getenv("BADGEC")
local file = os.getenv("BADGE_FILE")
local result = { diagnostics = nil, hover = nil, definition = nil, errors = {} }

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "badgec",
  cmd = { badgec, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, params)
      result.diagnostics = params.diagnostics
    end,
  },
})
if not client_id then
  table.insert(result.errors, "the client did not start")
else
  vim.lsp.buf_attach_client(buf, client_id)
  vim.wait(10000, function() return result.diagnostics ~= nil end, 20)
  local client = vim.lsp.get_client_by_id(client_id)
  local function ask(method, line, character)
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      position = { line = tonumber(line), character = tonumber(character) },
    }
    local reply, err = client.request_sync(method, params, 10000, buf)
    if not reply then
      table.insert(result.errors, method .. ": " .. tostring(err))
      return nil
    end
    if reply.err then table.insert(result.errors, method .. ": " .. vim.inspect(reply.err)) end
    return reply.result
  end
  result.hover = ask("textDocument/hover", os.getenv("HOVER_LINE"), os.getenv("HOVER_CHARACTER"))
  result.definition = ask("textDocument/definition", os.getenv("DEFINITION_LINE"), os.getenv("DEFINITION_CHARACTER"))
  vim.lsp.stop_client(client_id)
end

local out = io.open(os.getenv("RESULT"), "w")
out:write(vim.fn.json_encode(result))
out:close()
vim.cmd("qa!")
