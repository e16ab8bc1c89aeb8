<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Callback;

use PaymentGateway\MerchantClient\Validation\ValidationIssue;

/**
 * A verified callback (or signed return query). Act on `$signed` (the fields the hash covers:
 * only these are proven to come from the platform), or on a status confirmed by a lookup;
 * `$unsigned` (`status`, `result`, ... on most callbacks) can be changed by anyone replaying an
 * authentic callback. Generated subclasses, one per webhook, name its fields.
 */
class CallbackEvent
{
    /**
     * @param array<string, mixed> $fields every field as received
     * @param array<string, mixed> $signed
     * @param array<string, mixed> $unsigned
     * @param list<string> $covered names of the fields in $signed
     * @param list<ValidationIssue> $issues spec rules the (authentic) callback breaks: kept, not thrown
     */
    final public function __construct(
        /** checkout | card | apm */
        public readonly string $protocol,
        /** The webhook's name in the spec (`s2sCardCallback`, ...). */
        public readonly string $name,
        public readonly array $fields,
        public readonly array $signed,
        public readonly array $unsigned,
        public readonly array $covered,
        public readonly array $issues,
    ) {
    }

    public function __get(string $name): mixed
    {
        return $this->fields[$name] ?? null;
    }

    public function __isset(string $name): bool
    {
        return isset($this->fields[$name]);
    }
}
