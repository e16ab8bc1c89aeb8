<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Response;

/**
 * The platform's answer, every field as received: `$response->trans_id` or
 * `$response['trans_id']`. Generated subclasses name the fields of each answer (PHPDoc
 * `@property-read`, read by PHPStan, Psalm and IDEs).
 *
 * @implements \ArrayAccess<string, mixed>
 */
class Response implements \ArrayAccess, \JsonSerializable
{
    /** @param array<string, mixed> $fields */
    final public function __construct(private readonly array $fields)
    {
    }

    public function __get(string $name): mixed
    {
        return $this->fields[$name] ?? null;
    }

    public function __isset(string $name): bool
    {
        return isset($this->fields[$name]);
    }

    public function offsetExists(mixed $offset): bool
    {
        return isset($this->fields[$offset]);
    }

    public function offsetGet(mixed $offset): mixed
    {
        return $this->fields[$offset] ?? null;
    }

    public function offsetSet(mixed $offset, mixed $value): void
    {
        throw new \LogicException('A response is read-only');
    }

    public function offsetUnset(mixed $offset): void
    {
        throw new \LogicException('A response is read-only');
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return $this->fields;
    }

    public function jsonSerialize(): mixed
    {
        return $this->fields;
    }
}
