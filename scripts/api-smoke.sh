#!/usr/bin/env bash
# Draftsmith's API with nothing but curl (and jq to read the answers) and an API key: write a
# draft with the offline writer, check it for AI-written sentences, turn it into SEO HTML, read
# the balance. Needs a key with the write, detect, seo and billing scopes (Settings → API keys)
# and 3 credits (detection 1, SEO HTML 2; the offline writer is free).
#
#   DRAFTSMITH_URL=http://localhost:5000 DRAFTSMITH_API_KEY=dsk_… scripts/api-smoke.sh
#
# Run by src/server/api-smoke.test.ts against a started app.
set -euo pipefail

URL="${DRAFTSMITH_URL:-http://localhost:5000}"
KEY="${DRAFTSMITH_API_KEY:?Set DRAFTSMITH_API_KEY to a key from Settings → API keys}"

# call METHOD PATH [JSON]: the answer's body; a failure prints the {"error", "code"} body and stops.
call() {
  local args=(-sS --fail-with-body -X "$1" -H "Authorization: Bearer $KEY" "$URL$2")
  if [ $# -ge 3 ]; then args+=(-H "Content-Type: application/json" --data-binary "$3"); fi
  local body
  if ! body=$(curl "${args[@]}"); then
    echo "$1 $2 failed: $body" >&2
    exit 1
  fi
  printf '%s' "$body"
}

# 1. A draft. Without a model configured on the server, the offline writer writes it (free).
draft=$(call POST /api/execute "$(jq -n --arg date "$(date -u +%F)" \
  '{currentDate: $date, contentType: "A blog post about baking sourdough bread at home", wordCount: "300"}')")
text=$(jq -r '[.response.content[] | select(.type == "text") | .text] | join("")' <<<"$draft")
document=$(jq -r .documentId <<<"$draft")
version=$(jq -r .versionId <<<"$draft")
echo "draft: $(jq -r .writer <<<"$draft") wrote $(wc -w <<<"$text" | tr -d ' ') words into document $document"

# 2. AI detection of that version (1 credit).
detected=$(call POST /api/detect-ai "$(jq -n --arg text "$text" --arg d "$document" --arg v "$version" \
  '{text: $text, documentId: $d, versionId: $v}')")
echo "detect: $(jq -r .aiDetection.aiPercentage <<<"$detected")% AI-written, $(jq -r '.aiDetection.aiSentences | length' <<<"$detected") sentences flagged"

# 3. SEO HTML for WordPress (2 credits).
seo=$(call POST /api/seo-produce-code "$(jq -n --arg content "$text" --arg d "$document" \
  '{content: $content, platform: "wordpress", documentId: $d}')")
echo "seo: $(jq -r '.optimizedHtml | length' <<<"$seo") characters of HTML, title \"$(jq -r .meta.metaTitle <<<"$seo")\""

# 4. The balance.
credits=$(call GET /api/billing/credits)
echo "balance: $(jq -r .availableCredits <<<"$credits") credits available"
