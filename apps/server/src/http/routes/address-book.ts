import { addressBook, addressBookAdd, addressBookConfirm, addressBookOnly, addressBookRemove } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import {
  addressBookOf,
  addToAddressBook,
  confirmAddressBookEntry,
  removeAddressBookEntry,
  switchAddressBookOnly,
} from '../../domain/withdraw/address-book.ts';
import { platformAddresses } from '../../domain/withdraw/destination.ts';
import { sessionOf } from '../session-of.ts';
import { signedTextHosts } from '../signed-text-hosts.ts';
import { defineRoute } from './define-route.ts';

/** The withdrawal address book (domain/withdraw/address-book.ts): one name, addressBook, from contract to screen. */
export async function addressBookRoutes(app: FastifyInstance) {
  const platform = platformAddresses(app.repos, app.chains.withdrawPolicy);

  defineRoute(app, addressBook, ({ request }) => addressBookOf(app.repos, sessionOf(request).userId));

  defineRoute(app, addressBookAdd, ({ body, request }) =>
    addToAddressBook(app.repos, platform, sessionOf(request).userId, body),
  );

  defineRoute(app, addressBookConfirm, ({ params, body, request }) =>
    confirmAddressBookEntry(app.repos, sessionOf(request).userId, BigInt(params.id), {
      ...body,
      hosts: signedTextHosts(app.config, request),
      ip: request.ip,
    }),
  );

  defineRoute(app, addressBookRemove, ({ params, request }) =>
    removeAddressBookEntry(app.repos, sessionOf(request).userId, BigInt(params.id)),
  );

  defineRoute(app, addressBookOnly, ({ body, request }) =>
    switchAddressBookOnly(app.repos, sessionOf(request).userId, {
      ...body,
      hosts: signedTextHosts(app.config, request),
      ip: request.ip,
    }),
  );
}
