<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Exception\FormCodecException;
use PaymentGateway\MerchantClient\Exception\SignatureException;
use PaymentGateway\MerchantClient\Generated\Webhooks;
use PaymentGateway\MerchantClient\Validation\ValidationIssue;
use PaymentGateway\MerchantClient\Validation\Validator;

/**
 * Callback verification, the PHP side of templates/runtime/callbacks.ts: the raw form body in,
 * a verified and typed event out (decode → hash → compare → validate). Whatever the body holds,
 * the only failure is a SignatureException: the sender is not authenticated yet.
 */
final class Callbacks
{
    private readonly Validator $validator;

    public function __construct(#[\SensitiveParameter] private readonly string $password, private readonly string $algorithm = 'md5', ?Validator $validator = null)
    {
        if (trim($password) === '') {
            throw new ConfigurationException('parseCallback', 'password must be the merchant password (a non-empty string)');
        }
        if ($algorithm !== 'md5' && $algorithm !== 'sha256') {
            throw new ConfigurationException('parseCallback', "algorithm must be 'md5' or 'sha256'");
        }
        $this->validator = $validator ?? Validator::default();
    }

    /**
     * Verifies a callback from its raw body: `file_get_contents('php://input')`, or a PSR-7
     * request's `(string) $request->getBody()`. Never `$_POST`: PHP's parsing has renamed and
     * dropped what the signature covers.
     *
     * @param array<string, mixed> $signingContext values the signature covers that the callback
     *        does not carry, from the merchant's own order, by the names its request used
     *        (`['payer_email' => ..., 'card_number' => ...]`, `['order' => ['amount' => ...]]`)
     * @param 'checkout'|'card'|'apm'|null $protocol which protocol this endpoint receives; null tries each
     * @throws SignatureException
     */
    public function parse(string $rawBody, array $signingContext = [], ?string $protocol = null): CallbackEvent
    {
        return $this->verify('callback', $rawBody, $signingContext, static fn (array $fields): array => array_filter(
            Webhooks::WEBHOOKS,
            static function (array $webhook) use ($fields, $protocol): bool {
                if ($webhook['kind'] !== 'callback') {
                    return false;
                }
                if ($protocol !== null) {
                    return $webhook['protocol'] === $protocol;
                }
                foreach ($webhook['required'] as $name) {
                    if (!array_key_exists($name, $fields)) {
                        return false;
                    }
                }
                return true;
            },
        ), 'The callback carries no hash: it is not signed and is rejected.', static fn (string $tried): string => "The callback's hash does not match (tried {$tried}): it was altered, or signed with another password or algorithm.");
    }

    /**
     * Verifies the payer's return to success_url / cancel_url (`$_SERVER['QUERY_STRING']`).
     * Values the signature covers that the query lacks (the order's amount, currency,
     * description) come from $signingContext, exactly as sent in the session.
     *
     * @param array<string, mixed> $signingContext
     */
    public function verifyReturn(string $query, array $signingContext = [], ?string $webhook = null): CallbackEvent
    {
        // The spec's one signed return query, unless named.
        $webhook ??= (string) array_key_first(array_filter(Webhooks::WEBHOOKS, static fn (array $entry): bool => $entry['kind'] === 'return-query'));
        $definition = Webhooks::WEBHOOKS[$webhook] ?? throw new ConfigurationException('verifyReturn', "no signed return query named {$webhook}");
        return $this->verify($webhook, ltrim($query, '?'), $signingContext, static fn (): array => [$webhook => $definition], 'The return query carries no hash.', static fn (): string => "The return query's hash does not match: it was altered, or signingContext differs from the session's order.");
    }

    /**
     * A correctly signed callback body, for merchants' own tests. The fields must make a callback
     * the platform could send: the schema's rules are checked (the hash aside, which this adds),
     * and a ConfigurationException names each field that breaks one, so a test never signs what
     * parse() would read as another kind of callback.
     *
     * @param string $webhook the webhook's name (`s2sCardCallback`) or a callback's protocol (`card`)
     * @param array<string, mixed> $fields
     * @param array<string, mixed> $signingContext values the signature covers that the fields lack, by the request's names
     */
    public function buildTestCallback(string $webhook, array $fields, array $signingContext = []): string
    {
        $where = 'buildTestCallback';
        $name = self::webhookNamed($webhook) ?? throw new ConfigurationException($where, "no webhook or callback protocol named {$webhook}");
        $definition = Webhooks::WEBHOOKS[$name];
        unset($fields['hash']);
        $hash = Signature::compute($definition['signature'], [...$fields, ...self::contextValues($definition, $fields, $signingContext)], $this->password, $this->algorithm);
        $body = FormCodec::encode([...$fields, 'hash' => $hash]);
        // Checked as parse() reads it: the encoded form, decoded.
        $issues = $this->validator->validate($definition['schema'], FormCodec::decode($body), 'form');
        if ($issues !== []) {
            throw new ConfigurationException($where, "the fields do not make a valid {$name}: " . ValidationIssue::listed($issues));
        }
        return $body;
    }

    /** A webhook by its name, or the callback of a protocol (`card` → s2sCardCallback). */
    private static function webhookNamed(string $name): ?string
    {
        if (isset(Webhooks::WEBHOOKS[$name])) {
            return $name;
        }
        foreach (Webhooks::WEBHOOKS as $webhook => $definition) {
            if ($definition['kind'] === 'callback' && $definition['protocol'] === $name) {
                return (string) $webhook;
            }
        }
        return null;
    }

    /**
     * @param callable(array<string, mixed>): array<string, array<string, mixed>> $candidatesFor
     * @param array<string, mixed> $signingContext
     * @param callable(string): string $mismatch
     */
    private function verify(string $where, string $body, array $signingContext, callable $candidatesFor, string $unsigned, callable $mismatch): CallbackEvent
    {
        try {
            $fields = FormCodec::decode($body);
        } catch (FormCodecException $error) {
            throw new SignatureException($where, "The body cannot be read as a form: {$error->getMessage()}.");
        }
        $received = $fields['hash'] ?? null;
        if (!is_string($received) || $received === '') {
            throw new SignatureException($where, $unsigned);
        }
        $candidates = $candidatesFor($fields);
        foreach ($candidates as $name => $definition) {
            if (!self::verifiesWith((string) $name, $definition, $fields, $signingContext, $received, $this->password, $this->algorithm)) {
                continue;
            }
            $covered = array_values(array_filter(
                Signature::coveredFields($definition['signature'], $fields),
                static fn (string $field): bool => $field !== 'hash' && array_key_exists($field, $fields),
            ));
            $signedFields = [];
            $unsignedFields = [];
            foreach ($fields as $key => $value) {
                if (in_array((string) $key, $covered, true)) {
                    $signedFields[$key] = $value;
                } elseif ($key !== 'hash') {
                    $unsignedFields[$key] = $value;
                }
            }
            $class = $definition['event'];
            return new $class(
                $definition['protocol'],
                (string) $name,
                $fields,
                $signedFields,
                $unsignedFields,
                $covered,
                $this->validator->validate($definition['schema'], $fields, 'form'),
            );
        }
        throw new SignatureException($where, $mismatch(implode(', ', array_keys($candidates)) ?: 'no callback type') . self::missingContext($candidates, $fields, $signingContext));
    }

    /**
     * Whether the hash matches over one of the field sets a callback's hash is computed over:
     * first with the merchant's values for the fields the chosen formula reads by name and the
     * callback lacks, then the callback alone (the platform signs with a value only when it knew
     * it: S2S CARD without the payer e-mail). signingSets in TypeScript.
     *
     * @param array<string, mixed> $definition
     * @param array<string, mixed> $fields
     * @param array<string, mixed> $context
     */
    private static function verifiesWith(string $webhook, array $definition, array $fields, array $context, string $received, #[\SensitiveParameter] string $password, string $algorithm): bool
    {
        // Each webhook's recipe is compiled once per process.
        static $signers = [];
        $signer = $signers[$webhook] ??= Signature::signer($definition['signature']);
        $added = self::contextValues($definition, $fields, $context);
        foreach ($added === [] ? [$fields] : [[...$fields, ...$added], $fields] as $signed) {
            if (Signature::matches($received, $signer($signed, $password, $algorithm))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The merchant's values the recipe needs, by the recipe's field names (the request's names, as
     * `card_number` or `order.amount`, mapped through the webhook's `context`; the recipe's own
     * kept): only for fields the callback does not carry, and only those the formula then chosen
     * reads by name. A formula over every field (sorted values) gets none, so a context given for
     * every callback never changes its hash.
     *
     * @param array<string, mixed> $definition
     * @param array<array-key, mixed> $fields
     * @param array<string, mixed> $context
     * @return array<string, mixed>
     */
    private static function contextValues(array $definition, array $fields, array $context): array
    {
        $values = [];
        foreach (Signature::recipeFieldNames($definition['signature']) as $field) {
            if (self::isValue($fields[$field] ?? null)) {
                continue;
            }
            $name = $definition['context'][$field] ?? null;
            $value = array_key_exists($field, $context) ? $context[$field] : ($name === null ? null : Signature::readPath($context, $name));
            if (self::isValue($value)) {
                $values[$field] = $value;
            }
        }
        $read = Signature::chosenFieldNames($definition['signature'], [...$fields, ...$values]);
        return array_filter($values, static fn (string $field): bool => in_array($field, $read, true), ARRAY_FILTER_USE_KEY);
    }

    private static function isValue(mixed $value): bool
    {
        return $value !== null && $value !== '' && !is_array($value) && !is_object($value);
    }

    /**
     * Names, by the request's names, the signing values the callback lacks and the context did
     * not give, for the recipes that fit the callback's shape only (see fitting).
     *
     * @param array<string, array<string, mixed>> $candidates
     * @param array<string, mixed> $fields
     * @param array<string, mixed> $context
     */
    private static function missingContext(array $candidates, array $fields, array $context): string
    {
        $lacking = [];
        foreach ($candidates as $definition) {
            $signed = [...$fields, ...self::contextValues($definition, $fields, $context)];
            $names = [];
            foreach (Signature::emptyRecipeFields($definition['signature'], $signed) as $field) {
                if (isset($definition['context'][$field])) {
                    $names[] = $definition['context'][$field];
                }
            }
            $lacking[] = ['definition' => $definition, 'missing' => $names];
        }
        $missing = [];
        foreach (self::fitting($lacking, $fields) as $entry) {
            foreach ($entry['missing'] as $name) {
                $missing[$name] = true;
            }
        }
        if ($missing === []) {
            return '';
        }
        $keys = array_map('strval', array_keys($missing));
        $tops = array_values(array_unique(array_map(static fn (string $key): string => explode('.', $key)[0], $keys)));
        return sprintf(' The signature covers values this body does not carry and signingContext did not give: %s (pass them from your order: signingContext: [%s]).', implode(', ', $keys), implode(', ', $tops));
    }

    /**
     * The candidates a body's shape points to, when several protocols share one endpoint: one
     * whose recipe chooses a formula by a value of the body (`action=CREDIT2VIRTUAL`), else one
     * whose recipe alone reads a field the body carries (`card` on S2S CARD). Without such
     * evidence, a recipe that had every value it reads may simply have been tampered with:
     * nothing is asked for unless every candidate lacked something.
     *
     * @param list<array{definition: array<string, mixed>, missing: list<string>}> $entries
     * @param array<string, mixed> $fields
     * @return list<array{definition: array<string, mixed>, missing: list<string>}>
     */
    private static function fitting(array $entries, array $fields): array
    {
        if (count($entries) <= 1) {
            return $entries;
        }
        $byValue = array_values(array_filter($entries, static fn (array $entry): bool => Signature::selectedByValue($entry['definition']['signature'], $fields)));
        if ($byValue !== []) {
            return $byValue;
        }
        $readers = [];
        foreach ($entries as $entry) {
            foreach (Signature::recipeFieldNames($entry['definition']['signature']) as $name) {
                $readers[$name] = ($readers[$name] ?? 0) + 1;
            }
        }
        $byField = array_values(array_filter($entries, static function (array $entry) use ($readers, $fields): bool {
            foreach (Signature::recipeFieldNames($entry['definition']['signature']) as $name) {
                if ($readers[$name] === 1 && self::isValue($fields[$name] ?? null)) {
                    return true;
                }
            }
            return false;
        }));
        if ($byField !== []) {
            return $byField;
        }
        foreach ($entries as $entry) {
            if ($entry['missing'] === []) {
                return [];
            }
        }
        return $entries;
    }
}
