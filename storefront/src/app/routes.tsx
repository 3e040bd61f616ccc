import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from './PageLoading';
import { Layout } from './layout/Layout';
import { lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('../home/HomePage'), 'HomePage');
const PhoneAgentPage = lazyPage(() => import('../home/PhoneAgentPage'), 'PhoneAgentPage');
const SearchResultsPage = lazyPage(() => import('../results/SearchResultsPage'), 'SearchResultsPage');
const FlightDetailsPage = lazyPage(() => import('../flight/FlightDetailsPage'), 'FlightDetailsPage');
const BookingPage = lazyPage(() => import('../booking/BookingPage'), 'BookingPage');
const MyTripsPage = lazyPage(() => import('../trips/MyTripsPage'), 'MyTripsPage');
const LoginPage = lazyPage(() => import('../account/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../account/RegisterPage'), 'RegisterPage');
const AccountSettingsPage = lazyPage(() => import('../account/AccountSettingsPage'), 'AccountSettingsPage');
const AdminSettingsPage = lazyPage(() => import('../admin/AdminSettingsPage'), 'AdminSettingsPage');
const BrandManagerPage = lazyPage(() => import('../admin/BrandManagerPage'), 'BrandManagerPage');
const AdminSupportPage = lazyPage(() => import('../admin/AdminSupportPage'), 'AdminSupportPage');
const RevenuePage = lazyPage(() => import('../revenue/RevenuePage'), 'RevenuePage');
const WebhooksPage = lazyPage(() => import('../webhooks/WebhooksPage'), 'WebhooksPage');
const StaffPage = lazyPage(() => import('../admin/StaffPage'), 'StaffPage');
const InboxPage = lazyPage(() => import('../admin/InboxPage'), 'InboxPage');
const InvitationPage = lazyPage(() => import('../admin/InvitationPage'), 'InvitationPage');
const PrivacyPage = lazyPage(() => import('../content/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../content/TermsPage'), 'TermsPage');
const CookiesPage = lazyPage(() => import('../content/CookiesPage'), 'CookiesPage');
const CancellationPolicyPage = lazyPage(() => import('../content/CancellationPolicyPage'), 'CancellationPolicyPage');
const AboutPage = lazyPage(() => import('../content/AboutPage'), 'AboutPage');
const SupportPage = lazyPage(() => import('../content/SupportPage'), 'SupportPage');
const FaqPage = lazyPage(() => import('../content/FaqPage'), 'FaqPage');
const ContactPage = lazyPage(() => import('../content/ContactPage'), 'ContactPage');
const SharedTripPage = lazyPage(() => import('../trips/SharedTripPage'), 'SharedTripPage');
const NotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');

/** Where the phone-agent landing variant of seed 000 §1 lives. */
export const PHONE_AGENT_PATH = '/phone-agents';

/** The route table of seed 001 §2, every screen code-split. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: PHONE_AGENT_PATH, element: <PhoneAgentPage /> },
      { path: '/search', element: <SearchResultsPage /> },
      { path: '/flight/:id', element: <FlightDetailsPage /> },
      { path: '/flight', element: <Navigate to="/search" replace /> },
      { path: '/booking', element: <BookingPage /> },
      { path: '/my-trips', element: <MyTripsPage /> },
      { path: '/shared-trip', element: <SharedTripPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/account-settings', element: <AccountSettingsPage /> },
      { path: '/admin-settings', element: <AdminSettingsPage /> },
      {
        path: '/admin/brands',
        element: (
          <Suspense fallback={<PageLoading label="Loading brand manager..." />}>
            <BrandManagerPage />
          </Suspense>
        ),
      },
      { path: '/admin/support', element: <AdminSupportPage /> },
      { path: '/admin/inbox', element: <InboxPage /> },
      { path: '/admin/revenue', element: <RevenuePage /> },
      { path: '/admin/webhooks', element: <WebhooksPage /> },
      { path: '/admin/staff', element: <StaffPage /> },
      { path: '/admin/invitation', element: <InvitationPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/privacy-policy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/cookies', element: <CookiesPage /> },
      { path: '/cookie-policy', element: <CookiesPage /> },
      { path: '/cancellation-policy', element: <CancellationPolicyPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/airlines', element: <Navigate to="/" replace /> },
      { path: '/support', element: <SupportPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
